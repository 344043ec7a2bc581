package shopify_test

import (
	"context"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"knitfront/internal/demo"
	"knitfront/internal/discount"
	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
	"knitfront/internal/testclock"
)

// TestFetchKeepsAnAmountTakenOncePerOrder syncs a shop where one fixed-amount
// discount is taken once across the order (appliesOnEachItem false) and the
// others off each unit: each rule comes back as Shopify gives it.
func TestFetchKeepsAnAmountTakenOncePerOrder(t *testing.T) {
	shop := demo.Catalog()
	once := slices.IndexFunc(shop.Discounts, func(r discount.Rule) bool {
		return r.ValueType == discount.FixedAmount && len(r.Markets) == 0
	})
	if once < 0 {
		t.Fatal("the demo catalogue has no fixed-amount discount for every market")
	}
	shop.Discounts[once].OncePerOrder = true

	clk := testclock.New(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
	srv := httptest.NewServer(shopifydev.New(shop, "shpat_dev", clk.Now))
	t.Cleanup(srv.Close)
	client, err := shopify.NewClient(srv.URL, shopify.StaticToken("shpat_dev"), shopify.WithClock(clk.Now, clk.Sleep))
	if err != nil {
		t.Fatal(err)
	}
	doc, _, err := fetch(context.Background(), client, shop.Knitters)
	if err != nil {
		t.Fatal(err)
	}
	synced := 0
	for _, r := range shop.Discounts {
		i := slices.IndexFunc(doc.Discounts, func(g discount.Rule) bool { return g.ID == r.ID })
		if i < 0 {
			continue
		}
		synced++
		if got := doc.Discounts[i].OncePerOrder; got != r.OncePerOrder {
			t.Errorf("rule %q: once per order %v, want %v", r.Title, got, r.OncePerOrder)
		}
	}
	if !slices.ContainsFunc(doc.Discounts, func(g discount.Rule) bool { return g.ID == shop.Discounts[once].ID }) || synced < 2 {
		t.Errorf("synced %d rules, the once-per-order rule among them: %v", synced, doc.Discounts)
	}
}
