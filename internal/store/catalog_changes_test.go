package store_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"knitfront/internal/catalog"
	"knitfront/internal/demo"
	"knitfront/internal/money"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

// TestApplyCatalogChanges replaces one product (a new price, a new
// collection), deletes another, adds a third and narrows the discounts,
// then reads back the catalogue those changes make.
func TestApplyCatalogChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.Import(ctx, demo.Catalog()); err != nil {
			t.Fatal(err)
		}
		want := demo.Catalog()
		gifts := catalog.Collection{ID: 990001, Handle: "gifts-from-shopify", Title: "Gifts"}
		changed := want.Products[0]
		changed.Title = "Renamed in Shopify"
		changed.Collections = append(slices.Clone(changed.Collections), gifts.Handle)
		changed.Variants = slices.Clone(changed.Variants)
		changed.Variants[0].Prices = map[money.Market]catalog.Price{}
		for m, p := range want.Products[0].Variants[0].Prices {
			p.Amount += 100
			changed.Variants[0].Prices[m] = p
		}
		added := want.Products[2]
		added.ID, added.Handle = 990002, "new-in-shopify"
		added.SellingPlans = nil
		added.Variants = []catalog.Variant{added.Variants[0]}
		added.Variants[0].ID = 990003
		changes := store.CatalogChanges{
			Collections: []catalog.Collection{gifts},
			Products:    []catalog.Product{changed, added},
			Deleted:     []int64{want.Products[1].ID},
			Discounts:   want.Discounts[:1],
		}
		if err := db.ApplyCatalogChanges(ctx, changes); err != nil {
			t.Fatal(err)
		}
		want.Collections = append(want.Collections, gifts)
		want.Products = append([]catalog.Product{changed}, append(want.Products[2:], added)...)
		want.Discounts = want.Discounts[:1]
		got, err := db.Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.MarshalIndent(want, "", " ")
		gotJSON, _ := json.MarshalIndent(got, "", " ")
		if string(gotJSON) != string(wantJSON) {
			t.Errorf("the catalogue after the changes differs:\n%s", firstDifference(string(wantJSON), string(gotJSON)))
		}
	})
}
