package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

func price(amount, compareAt money.Amount) map[money.Market]catalog.Price {
	return map[money.Market]catalog.Price{
		money.LT: {Amount: amount, CompareAt: compareAt},
		money.AU: {Amount: amount * 2},
		money.GB: {Amount: amount - 100},
		money.US: {Amount: amount + 100},
	}
}

// smallShop is a catalogue with one collection, two products and two rules.
func smallShop() catalog.Document {
	return catalog.Document{
		Knitters:    []catalog.Knitter{{ID: 1, Name: "Ona"}},
		Collections: []catalog.Collection{{ID: 10, Handle: "hats", Title: "Hats"}},
		Products: []catalog.Product{
			{
				ID: 1000, Handle: "bobble-hat", Title: "Bobble hat", KnitterID: 1,
				Collections: []string{"hats"}, Options: []string{"Colour"},
				Variants: []catalog.Variant{
					{ID: 1001, Title: "Oat", Options: []string{"Oat"}, Inventory: 3, Prices: price(3000, 0)},
					{ID: 1002, Title: "Rust", Options: []string{"Rust"}, Inventory: 0, Prices: price(2500, 3500)},
				},
			},
			{
				ID: 2000, Handle: "pre-order-blanket", Title: "Blanket", Options: []string{},
				SellingPlans: []catalog.SellingPlan{
					{ID: 7, Name: "Deposit", Charge: catalog.Charge{ValueType: catalog.ChargePercentage, Percent: 2000}},
					{ID: 8, Name: "Fixed", Charge: catalog.Charge{ValueType: catalog.ChargeFixedAmount, Amounts: map[money.Currency]money.Amount{
						money.EUR: 2000, money.AUD: 3500, money.GBP: 1800, money.USD: 2200}}},
				},
				Variants: []catalog.Variant{
					{ID: 2001, Title: "Default", Options: []string{}, Preorder: true, PreorderContent: "Ships in March", Prices: price(15000, 0)},
				},
			},
		},
		Discounts: []discount.Rule{
			{ID: 1, Title: "Hats 10%", ValueType: discount.Percentage, Percent: 1000, Scope: discount.ScopeCollections,
				Targets: []int64{10}, StartsAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
			{ID: 2, Title: "Five off", ValueType: discount.FixedAmount, Scope: discount.ScopeProducts, Targets: []int64{2000},
				Amounts: map[money.Currency]money.Amount{money.EUR: 500}, OncePerOrder: true, Markets: []money.Market{money.LT},
				StartsAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), EndsAt: time.Date(2030, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 3600))},
		},
	}
}

func mustImport(t *testing.T, db *store.DB, doc catalog.Document) store.ImportSummary {
	t.Helper()
	if err := doc.Validate(); err != nil {
		t.Fatalf("test document is invalid: %v", err)
	}
	sum, err := db.Import(context.Background(), doc)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	return sum
}

func TestImportAndDiscountRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		sum := mustImport(t, db, smallShop())
		if want := (store.ImportSummary{Knitters: 1, Collections: 1, Products: 2, Variants: 3, Discounts: 2}); sum != want {
			t.Errorf("summary = %+v, want %+v", sum, want)
		}

		rules, err := db.DiscountRules(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := smallShop().Discounts
		if len(rules) != len(want) {
			t.Fatalf("got %d rules, want %d", len(rules), len(want))
		}
		fixed := rules[1]
		if fixed.Amounts[money.EUR] != 500 || !fixed.OncePerOrder || len(fixed.Markets) != 1 || fixed.Markets[0] != money.LT ||
			!fixed.EndsAt.Equal(want[1].EndsAt) || !fixed.StartsAt.Equal(want[1].StartsAt) || fixed.Targets[0] != 2000 {
			t.Errorf("fixed rule read back as %+v, want %+v", fixed, want[1])
		}
		if pct := rules[0]; pct.Percent != 1000 || pct.Scope != discount.ScopeCollections || !pct.EndsAt.IsZero() || pct.OncePerOrder {
			t.Errorf("percentage rule read back as %+v", pct)
		}
	})
}

func TestImportReplacesOnlyThePresentSections(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		mustImport(t, db, smallShop())

		onlyDiscounts := catalog.Document{Discounts: []discount.Rule{
			{ID: 9, Title: "All 5%", ValueType: discount.Percentage, Percent: 500, Scope: discount.ScopeAll},
		}}
		if sum := mustImport(t, db, onlyDiscounts); sum.Discounts != 1 || sum.Products != 0 {
			t.Errorf("summary = %+v", sum)
		}
		rules, err := db.DiscountRules(ctx)
		if err != nil || len(rules) != 1 || rules[0].ID != 9 {
			t.Errorf("rules after replacing them = %+v, %v", rules, err)
		}
		if n, err := db.ProductCount(ctx); err != nil || n != 2 {
			t.Errorf("products after a discounts-only import = %d, %v; want 2 kept", n, err)
		}
	})
}

func TestImportIsAllOrNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		mustImport(t, db, smallShop())

		broken := smallShop()
		broken.Knitters = nil // the products refer to knitter 1, which stays
		broken.Products[1].KnitterID = 77
		if _, err := db.Import(ctx, broken); err == nil {
			t.Fatal("import of a product whose knitter does not exist succeeded")
		}
		if n, err := db.ProductCount(ctx); err != nil || n != 2 {
			t.Errorf("products after a failed import = %d, %v; want the 2 from before", n, err)
		}
	})
}

func TestImportCatalogueTakesProductsOneAtATimeAndStopsOnAnError(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		mustImport(t, db, smallShop())

		shop := smallShop()
		var yielded []int64
		products := func(yield func(catalog.Product, error) bool) {
			for _, p := range shop.Products {
				yielded = append(yielded, p.ID)
				if !yield(p, nil) {
					return
				}
			}
		}
		sum, err := db.ImportCatalogue(ctx, store.Catalogue{Collections: shop.Collections, Products: products, Discounts: shop.Discounts})
		if err != nil {
			t.Fatal(err)
		}
		if want := (store.ImportSummary{Collections: 1, Products: 2, Variants: 3, Discounts: 2}); sum != want || len(yielded) != 2 {
			t.Errorf("summary = %+v after %d products, want %+v after 2", sum, len(yielded), want)
		}

		stop := errors.New("the shop's product 3 cannot be read")
		failing := func(yield func(catalog.Product, error) bool) {
			if yield(catalog.Product{ID: 3000, Handle: "lone-sock", Title: "Sock", Variants: []catalog.Variant{
				{ID: 3001, Title: "Default", Prices: price(900, 0)},
			}}, nil) {
				yield(catalog.Product{}, stop)
			}
		}
		if _, err := db.ImportCatalogue(ctx, store.Catalogue{Collections: shop.Collections, Products: failing}); !errors.Is(err, stop) {
			t.Fatalf("err = %v, want the products' own error", err)
		}
		got, err := db.Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Products) != 2 || got.Products[0].ID != 1000 || got.Products[1].ID != 2000 {
			t.Errorf("products after a stopped import = %+v, want the 2 from before", got.Products)
		}
	})
}

func TestOpenRefusesUnknownURLs(t *testing.T) {
	for _, u := range []string{"", "mysql://x", "sqlite:", "knitfront.db"} {
		if db, err := store.Open(context.Background(), u); err == nil {
			db.Close()
			t.Errorf("Open(%q) succeeded", u)
		}
	}
}
