package main

import (
	"context"
	"time"

	"knitfront/internal/money"
	"knitfront/internal/pricing"
	"knitfront/internal/rates"
	"knitfront/internal/shopify"
	"knitfront/internal/store"
)

// writeThemePrices writes into the shop what its theme prints final prices
// from at first paint: each variant's automatic discount now in each market
// and the stored display rates, as metafields, only those that changed since
// the client last wrote them. It returns how many it wrote and when the
// discounts next start or end (zero: none scheduled), when they must be
// written again.
func writeThemePrices(ctx context.Context, db *store.DB, client *shopify.Client, now time.Time) (int, time.Time, error) {
	w := client.Metafields()
	shopID, err := w.ShopID(ctx)
	if err != nil {
		return 0, time.Time{}, shopifyError(err)
	}
	rules, err := db.DiscountRules(ctx)
	if err != nil {
		return 0, time.Time{}, err
	}
	entries, err := db.PriceList(ctx)
	if err != nil {
		return 0, time.Time{}, err
	}
	table := pricing.Build(entries, rules, nil, now)
	n, err := w.Write(ctx, shopify.ThemeMetafields(shopID, pricing.ThemeDiscounts(table, rules), storedThemeRates(ctx, db, now)))
	return n, table.NextChange, shopifyError(err)
}

// storedThemeRates are the rates the API serves from the store, for every
// currency; nil when none are stored yet, and the theme converts nothing.
func storedThemeRates(ctx context.Context, db *store.DB, now time.Time) *shopify.ThemeRates {
	q, err := rates.NewService(db, func() time.Time { return now }).Current(ctx)
	if err != nil {
		return nil
	}
	byCurrency := make(map[money.Currency]map[money.Currency]float64, len(money.Currencies))
	for _, c := range money.Currencies {
		byCurrency[c] = q.For(c)
	}
	return &shopify.ThemeRates{Date: q.Table.Date, Rates: byCurrency}
}
