package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"knitfront/internal/demo"
	"knitfront/internal/money"
	"knitfront/internal/pricing"
)

// TestSyncWritesTheThemePrices syncs the demo shop from the stand-in: each
// variant's automatic discounts come back to it as metafields the theme
// prints, and a second sync, with nothing changed, leaves them as they are.
func TestSyncWritesTheThemePrices(t *testing.T) {
	dev, shop := startStandIn(t, nil)
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "k.db")}
	importKnitters(t, vars)
	var out bytes.Buffer
	if err := run(context.Background(), syncArgs(shop, standInToken), env(vars), &out, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "metafields the theme prints prices from") {
		t.Errorf("sync printed %q; want the count of theme metafields written", out.String())
	}
	var beanie int64
	for _, p := range demo.Catalog().Products {
		if p.Handle == "pebble-beanie" {
			beanie = p.Variants[0].ID
		}
	}
	_, value, ok := dev.VariantMetafield(beanie, "knitfront", "discounts")
	if !ok {
		t.Fatal("the beanie has no knitfront.discounts metafield after a sync")
	}
	var discounts map[money.Currency]pricing.ThemeDiscount
	if err := json.Unmarshal([]byte(value), &discounts); err != nil {
		t.Fatal(err)
	}
	if got := discounts[money.EUR]; got.Price != 3500 || got.Amount != 525 || got.Percentage != 15 {
		t.Errorf("the beanie's EUR discount = %+v; want 15%% of 35.00: 5.25 off", got)
	}
	// No rates are stored yet (neither dev's seed nor the feed ran): the
	// shop gets no rates metafield rather than made-up ones.
	if _, value, ok := dev.ShopMetafield("knitfront", "rates"); ok {
		t.Errorf("the shop's knitfront.rates = %q with no rates stored; want none", value)
	}

	out.Reset()
	if err := run(context.Background(), syncArgs(shop, standInToken), env(vars), &out, &out); err != nil {
		t.Fatal(err)
	}
	if _, again, _ := dev.VariantMetafield(beanie, "knitfront", "discounts"); again != value {
		t.Errorf("a second sync changed the beanie's metafield to %q", again)
	}
}
