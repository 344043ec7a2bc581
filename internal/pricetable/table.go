// Package pricetable builds the shop's current price table: every variant's
// list price, compare-at price and discounted price in every market, the
// discount being the best automatic one (discount.Best) at the time of the
// build. Cache keeps the table in memory and rebuilds it when it goes stale.
package pricetable

import (
	"maps"
	"time"

	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// Entry is one variant's price in one market, with what the discount engine
// needs to know of it; the store lists one per variant and market.
type Entry struct {
	discount.Item
	// CompareAt is the struck-through "was" price; 0 means none.
	CompareAt money.Amount
}

// Table is the price table of every market.
type Table struct {
	// BuiltAt is when a table with these prices was first built: a rebuild
	// that changes no price keeps the table it had, so its ETag holds.
	BuiltAt time.Time                     `json:"built_at"`
	Markets map[money.Market]MarketPrices `json:"markets"`
}

// MarketPrices are the prices of one market, in its currency.
type MarketPrices struct {
	Currency money.Currency         `json:"currency"`
	Variants map[int64]VariantPrice `json:"variants"`
}

// VariantPrice is one variant's prices in a market.
type VariantPrice struct {
	Price     money.Amount `json:"price"`
	CompareAt money.Amount `json:"compare_at,omitempty"`
	// DiscountedPrice is Price less the best automatic discount on one unit,
	// or Price when none applies.
	DiscountedPrice money.Amount `json:"discounted_price"`
}

// Build computes the table of the entries under the rules at now. Every
// market of the shop is in it, even one without prices; entries of other
// markets are left out.
func Build(entries []Entry, rules []discount.Rule, now time.Time) *Table {
	t := &Table{BuiltAt: now.UTC(), Markets: make(map[money.Market]MarketPrices, len(money.Markets))}
	for _, m := range money.Markets {
		t.Markets[m] = MarketPrices{Currency: m.Currency(), Variants: map[int64]VariantPrice{}}
	}
	for _, e := range entries {
		prices, ok := t.Markets[e.Market]
		if !ok {
			continue
		}
		off := discount.Best(rules, e.Item, now).Amount
		prices.Variants[e.VariantID] = VariantPrice{Price: e.Price, CompareAt: e.CompareAt, DiscountedPrice: e.Price - off}
	}
	return t
}

// samePrices reports whether two tables hold the same prices, whenever built.
func samePrices(a, b *Table) bool {
	return maps.EqualFunc(a.Markets, b.Markets, func(x, y MarketPrices) bool {
		return x.Currency == y.Currency && maps.Equal(x.Variants, y.Variants)
	})
}
