package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"knitfront/internal/demo"
	"knitfront/internal/money"
	"knitfront/internal/pricing"
	"knitfront/internal/rates"
	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
	"knitfront/internal/store/storetest"
	"knitfront/internal/testclock"
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

// fakeTimers hands each wait the loop asks for to the test, which fires it.
type fakeTimers struct {
	waits chan time.Duration
	fire  chan time.Time
}

func (f fakeTimers) After(d time.Duration) <-chan time.Time {
	f.waits <- d
	return f.fire
}

// TestThemePricesFollowDiscountsAndRates runs the writer between syncs: it
// waits until the next discount starts, then writes the discount that began,
// and writes the rates when they change.
func TestThemePricesFollowDiscountsAndRates(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, "sqlite:"+filepath.Join(t.TempDir(), "k.db"))
	if _, err := db.Import(ctx, demo.Catalog()); err != nil {
		t.Fatal(err)
	}
	// An hour before the demo's blankets sale starts, at the new year 2030.
	clk := testclock.New(time.Date(2029, 12, 31, 23, 0, 0, 0, time.UTC))
	dev := shopifydev.New(demo.Catalog(), standInToken, clk.Now)
	admin := httptest.NewServer(dev)
	t.Cleanup(admin.Close)
	client, err := shopify.NewClient(admin.URL, shopify.StaticToken(standInToken))
	if err != nil {
		t.Fatal(err)
	}
	w := &themePrices{db: db, client: client, log: slog.New(slog.DiscardHandler), now: clk.Now, wake: make(chan struct{}, 1)}
	timers := fakeTimers{waits: make(chan time.Duration), fire: make(chan time.Time)}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.run(ctx, timers)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})

	if d := <-timers.waits; d != time.Hour {
		t.Fatalf("the writer waits %s; want the hour until the blankets sale starts", d)
	}
	var blanket int64
	for _, p := range demo.Catalog().Products {
		if slices.Contains(p.Collections, "blankets") {
			blanket = p.Variants[0].ID
			break
		}
	}
	if _, _, ok := dev.VariantMetafield(blanket, "knitfront", "discounts"); ok {
		t.Fatal("the writer wrote before the sale started; the last sync wrote what held then")
	}
	clk.Advance(time.Hour)
	timers.fire <- clk.Now()
	// It writes before it waits again; no change is scheduled after 2030's
	// sale, so it waits for a wake alone: the test waits for the write itself.
	eventually(t, "the blanket's metafield", func() bool {
		_, value, _ := dev.VariantMetafield(blanket, "knitfront", "discounts")
		return strings.Contains(value, `"percentage":20`)
	})
	if _, _, ok := dev.ShopMetafield("knitfront", "rates"); ok {
		t.Fatal("rates metafield written with no rates stored")
	}

	if err := db.SaveRates(ctx, rates.Snapshot()); err != nil {
		t.Fatal(err)
	}
	w.Wake()
	eventually(t, "the shop's rates metafield", func() bool {
		_, value, ok := dev.ShopMetafield("knitfront", "rates")
		return ok && strings.Contains(value, `"EUR":{"AUD":`)
	})
}

// TestDevPrintsTheFinalPrice starts dev as `make run` does: it syncs the
// demo shop from its own Admin API stand-in, which writes the theme's
// metafields there, and the product page prints the discounted beanie's
// final price in LT from them. With the demo imported instead, no sync
// writes them and the page claims no final price.
func TestDevPrintsTheFinalPrice(t *testing.T) {
	for _, test := range []struct {
		catalogue string
		want      []string
		absent    []string
	}{
		{devFromStandIn, []string{`data-final-minor="2975"`, `Regular price</span>€35</s>`, `Sale price</span>€30</span>`, `-15% off`}, nil},
		{devFromImport, []string{`price_minor="3500"`}, []string{`data-final-minor="`}},
	} {
		t.Run(test.catalogue, func(t *testing.T) {
			devAddr, _, _ := startServer(t, []string{"dev"}, map[string]string{
				"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "dev.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
				"KNITFRONT_DEV_CATALOGUE": test.catalogue,
			})
			_, body := get(t, devAddr+"/products/pebble-beanie?country=LT")
			for _, want := range test.want {
				if !strings.Contains(body, want) {
					t.Errorf("dev's beanie page in LT lacks %q", want)
				}
			}
			for _, absent := range test.absent {
				if strings.Contains(body, absent) {
					t.Errorf("dev's beanie page in LT holds %q", absent)
				}
			}
		})
	}
}
