package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"knitfront/internal/shopify"
	"knitfront/internal/store"
)

// syncShop reads the whole catalogue from the shop's Admin API and imports
// it in one transaction. Until that commits, every instance keeps serving
// what it had, so a sync that fails halfway changes nothing.
func syncShop(ctx context.Context, cfg config, args []string, log *slog.Logger, stdout io.Writer) error {
	if len(args) != 0 {
		return fmt.Errorf("%w: sync takes no arguments, only flags", errUsage)
	}
	client, err := cfg.Shopify.client()
	if err != nil {
		return err
	}
	db, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	result, err := fullSync(ctx, db, client)
	if err != nil {
		return fmt.Errorf("sync from %s: %w", cfg.Shopify.Shop, err)
	}
	printSyncSummary(stdout, cfg.Shopify.Shop, result.shop, time.Since(start))
	if result.themeErr != nil {
		fmt.Fprintf(stdout, "the theme's prices were not written into the shop: %v\n", result.themeErr)
	} else {
		fmt.Fprintf(stdout, "wrote %d metafields the theme prints prices from\n", result.themeWritten)
	}
	return nil
}

// syncResult is what a full sync read and wrote.
type syncResult struct {
	shop *shopify.Shop
	// themeWritten counts the metafields written for the theme's prices;
	// themeErr is why they were not, which leaves the synced catalogue be.
	themeWritten int
	themeErr     error
}

// fullSync reads the shop's whole catalogue and imports it in one
// transaction, keeping the knitters knitfront has. The products go from the
// shop's compact copy to the database one at a time, so a large shop is
// never held whole.
func fullSync(ctx context.Context, db *store.DB, client *shopify.Client) (syncResult, error) {
	knitters, err := db.Knitters(ctx)
	if err != nil {
		return syncResult{}, err
	}
	shop, err := client.Read(ctx, knitters)
	if err != nil {
		return syncResult{}, fmt.Errorf("stopped, nothing changed: %w", shopifyError(err))
	}
	_, err = db.ImportCatalogue(ctx, store.Catalogue{Collections: shop.Collections, Products: shop.Products, Discounts: shop.Discounts})
	if err != nil {
		return syncResult{}, fmt.Errorf("writing the catalogue, nothing changed: %w", err)
	}
	written, _, themeErr := writeThemePrices(ctx, db, client, time.Now())
	return syncResult{shop: shop, themeWritten: written, themeErr: themeErr}, nil
}

func printSyncSummary(w io.Writer, shopURL string, shop *shopify.Shop, took time.Duration) {
	products, variants, plans := shop.Counts()
	fmt.Fprintf(w, "synced %s in %s: %d collections, %d products, %d variants, %d pre-order plans, %d automatic discounts\n",
		shopURL, took.Round(time.Millisecond), len(shop.Collections), products, variants, plans, len(shop.Discounts))
	if len(shop.Skipped) == 0 {
		return
	}
	fmt.Fprintf(w, "left out or shown in part (%d):\n", len(shop.Skipped))
	for _, s := range shop.Skipped {
		fmt.Fprintf(w, "  %s\n", s)
	}
}
