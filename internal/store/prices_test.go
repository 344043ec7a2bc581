package store_test

import (
	"context"
	"slices"
	"testing"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
	"knitfront/internal/pricing"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

func TestPriceList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if entries, err := db.PriceList(ctx); err != nil || len(entries) != 0 {
			t.Errorf("PriceList of an empty catalogue = %v, %v", entries, err)
		}
		mustImport(t, db, smallShop())
		entries, err := db.PriceList(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 3*len(money.Markets) {
			t.Fatalf("got %d entries, want one per variant and market (12): %+v", len(entries), entries)
		}
		var order []int64
		for _, e := range entries {
			if e.Market == money.LT {
				order = append(order, e.VariantID)
			}
		}
		if want := []int64{1001, 1002, 2001}; !slices.Equal(order, want) {
			t.Errorf("entries of LT in the order %v, want by product, then the product's order %v", order, want)
		}
		find := func(variant int64, market money.Market) pricing.Entry {
			i := slices.IndexFunc(entries, func(e pricing.Entry) bool { return e.VariantID == variant && e.Market == market })
			if i < 0 {
				t.Fatalf("no entry for variant %d in %s", variant, market)
			}
			return entries[i]
		}
		for _, test := range []struct {
			variant int64
			market  money.Market
			want    pricing.Entry
		}{
			{1002, money.LT, pricing.Entry{Item: discount.Item{VariantID: 1002, ProductID: 1000, CollectionIDs: []int64{10}, Market: money.LT, Price: 2500}, CompareAt: 3500}},
			{1001, money.AU, pricing.Entry{Item: discount.Item{VariantID: 1001, ProductID: 1000, CollectionIDs: []int64{10}, Market: money.AU, Price: 6000}}},
			{2001, money.US, pricing.Entry{Item: discount.Item{VariantID: 2001, ProductID: 2000, Market: money.US, Price: 15100}}},
		} {
			got := find(test.variant, test.market)
			if got.VariantID != test.want.VariantID || got.ProductID != test.want.ProductID || got.Price != test.want.Price ||
				got.CompareAt != test.want.CompareAt || !slices.Equal(got.CollectionIDs, test.want.CollectionIDs) {
				t.Errorf("entry of %d in %s = %+v, want %+v", test.variant, test.market, got, test.want)
			}
		}
	})
}

func TestAvailableVariantIDs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if ids, err := db.AvailableVariantIDs(ctx); err != nil || ids == nil || len(ids) != 0 {
			t.Errorf("AvailableVariantIDs of an empty catalogue = %#v, %v; want an empty list", ids, err)
		}
		shop := smallShop()
		// A third product, listed first, with a variant in stock listed
		// after one that is sold out: the answer follows the catalogue's order.
		shop.Products = append([]catalog.Product{{
			ID: 3000, Handle: "scarf", Title: "Scarf", Options: []string{"Colour"},
			Variants: []catalog.Variant{
				{ID: 3002, Title: "Grey", Options: []string{"Grey"}, Inventory: 0, Prices: price(4000, 0)},
				{ID: 3001, Title: "Blue", Options: []string{"Blue"}, Inventory: 5, Prices: price(4000, 0)},
			},
		}}, shop.Products...)
		mustImport(t, db, shop)
		ids, err := db.AvailableVariantIDs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// 3002 and 1002 are sold out; 2001 has no stock but is open for pre-order.
		if want := []int64{3001, 1001, 2001}; !slices.Equal(ids, want) {
			t.Errorf("AvailableVariantIDs = %v, want %v", ids, want)
		}
	})
}
