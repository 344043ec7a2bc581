package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"

	"knitfront/internal/catalog"
	"knitfront/internal/demo"
	"knitfront/internal/shopifydev"
	"knitfront/internal/store"
)

// devClientSecret signs the webhooks of dev's own Shopify stand-in, and the
// requests its app proxy forwards, when KNITFRONT_SHOPIFY_CLIENT_SECRET is
// not set.
const devClientSecret = "knitfront-dev-webhook-secret"

// dev serves the API and the dev storefront. With no shop set, the shop is
// dev's own Shopify stand-in, holding the demo catalogue: knitfront syncs
// from it at every start, as it would from Shopify, and its changes come
// back as signed webhooks, so the whole loop runs on one machine; or, with
// --dev-catalogue import, the demo catalogue is imported instead. With a
// shop set, dev syncs from that shop as serve does.
func dev(ctx context.Context, cfg config, _ []string, log *slog.Logger, _ io.Writer) error {
	db, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	site := devSite
	if cfg.DevTheme != "" {
		site.assets = devThemeAssets(cfg.DevTheme)
	}
	cfg.Shopify.devShop = cfg.Shopify.Shop == ""
	switch {
	case cfg.Shopify.Shop != "":
		log.Info("dev: the catalogue comes from the configured shop", "shop", cfg.Shopify.Shop)
	case cfg.Shopify.DevCatalogue == devFromImport:
		if err := importDemo(ctx, db, log); err != nil {
			return err
		}
	default:
		if err := keepDemoKnitters(ctx, db); err != nil {
			return err
		}
		site.shopAt = ownShop(log)
	}
	return runServer(ctx, cfg, db, log, ratesPlan{feedURL: cfg.RatesURL, seed: true}, site)
}

// importDemo imports the demo catalogue into an empty database.
func importDemo(ctx context.Context, db *store.DB, log *slog.Logger) error {
	n, err := db.ProductCount(ctx)
	if err != nil || n > 0 {
		return err
	}
	sum, err := db.Import(ctx, demo.Catalog())
	if err != nil {
		return fmt.Errorf("loading the demo catalogue: %w", err)
	}
	log.Info("dev: demo catalogue imported", "summary", sum.String())
	return nil
}

// keepDemoKnitters gives a database without knitters the demo's: a shop
// keeps its knitters in knitfront, not in Shopify, so no sync brings them.
func keepDemoKnitters(ctx context.Context, db *store.DB) error {
	knitters, err := db.Knitters(ctx)
	if err != nil || len(knitters) > 0 {
		return err
	}
	if _, err := db.Import(ctx, catalog.Document{Knitters: demo.Catalog().Knitters}); err != nil {
		return fmt.Errorf("adding the demo knitters: %w", err)
	}
	return nil
}

// ownShop gives the Shopify settings of dev's own stand-in, once the
// server's address is known: the shop is the server itself, with the given
// token and webhook secret, or dev's.
func ownShop(log *slog.Logger) func(shopifyConfig, string) shopifyConfig {
	return func(c shopifyConfig, addr string) shopifyConfig {
		c.Shop = "http://" + loopback(addr)
		if c.AdminToken == "" {
			c.AdminToken = devAdminToken
		}
		if c.ClientSecret == "" {
			c.ClientSecret = devClientSecret
		}
		c.standIn = true
		log.Info("dev: the shop is this server's Shopify stand-in with the demo catalogue, synced at start; its changes come back as signed webhooks",
			"shop", c.Shop, "changes", c.Shop+shopifydev.ChangesPath)
		return c
	}
}

// loopback is addr with an unspecified host (listening on every
// interface) made the loopback address, which the server can call itself on.
func loopback(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}
