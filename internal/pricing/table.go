// Package pricing is the shop's one pricing model: for a variant or a
// product in a market, its list price, compare-at price and price after the
// best automatic discount (discount.Best), the rule applied, and when that
// answer next changes. Build computes the table of every market from the
// catalogue and the rules, purely; Model keeps the current table in memory
// and rebuilds it when it goes stale.
package pricing

import (
	"maps"
	"slices"
	"time"

	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// Entry is one variant's price in one market, with what the discount engine
// needs to know of it; the store lists one per variant and market, by
// product and then in the product's own order of variants.
type Entry struct {
	discount.Item
	// CompareAt is the struck-through "was" price; 0 means none.
	CompareAt money.Amount
}

// Table is the price table of every market at one instant. It is shared by
// every request: nothing changes it once built.
type Table struct {
	// BuiltAt is when a table with these prices was first built: a rebuild
	// that changes no price keeps the table it had, so its ETag holds.
	BuiltAt time.Time                      `json:"built_at"`
	Markets map[money.Market]*MarketPrices `json:"markets"`
	// NextChange is the first instant after BuiltAt when a discount starts
	// or ends, and so an answer may change; zero when none is scheduled.
	NextChange time.Time `json:"-"`
	// availableVariantIDs are the variants on sale, in the catalogue's order.
	availableVariantIDs []int64
}

// MarketPrices are the prices of one market, in its currency.
type MarketPrices struct {
	Currency money.Currency  `json:"currency"`
	Variants map[int64]Price `json:"variants"`
	// cheapest maps each product to its lowest-priced variant, the one a
	// product's discount is quoted for.
	cheapest map[int64]int64
}

// Price is one variant's prices in a market.
type Price struct {
	VariantID int64        `json:"-"`
	ProductID int64        `json:"-"`
	List      money.Amount `json:"price"`
	CompareAt money.Amount `json:"compare_at,omitempty"`
	// Discounted is List less the best automatic discount on one unit, or
	// List when none applies.
	Discounted money.Amount `json:"discounted_price"`
	// Discount is that discount and the rule it comes from; a zero Amount
	// means none.
	Discount discount.Result `json:"-"`
}

// Quote is the model's answer for one unit of a variant in a market.
type Quote struct {
	Price
	// NextChange is when the answer may next change, as Table.NextChange.
	NextChange time.Time
}

// Build computes the table of the entries under the rules at now; available
// lists the variants on sale. Every market of the shop is in it, even one
// without prices; entries of other markets are left out.
func Build(entries []Entry, rules []discount.Rule, available []int64, now time.Time) *Table {
	t := &Table{
		BuiltAt:             now.UTC(),
		Markets:             make(map[money.Market]*MarketPrices, len(money.Markets)),
		NextChange:          discount.NextChange(rules, now),
		availableVariantIDs: slices.Clip(available),
	}
	for _, m := range money.Markets {
		t.Markets[m] = &MarketPrices{Currency: m.Currency(), Variants: map[int64]Price{}, cheapest: map[int64]int64{}}
	}
	for _, e := range entries {
		prices, ok := t.Markets[e.Market]
		if !ok {
			continue
		}
		best := discount.Best(rules, e.Item, now)
		prices.Variants[e.VariantID] = Price{
			VariantID: e.VariantID, ProductID: e.ProductID,
			List: e.Price, CompareAt: e.CompareAt, Discounted: e.Price - best.Amount, Discount: best,
		}
		// Entries come in the product's order, so an equal price keeps the
		// earlier variant.
		if id, ok := prices.cheapest[e.ProductID]; !ok || e.Price < prices.Variants[id].List {
			prices.cheapest[e.ProductID] = e.VariantID
		}
	}
	return t
}

// market returns the prices of market m; a market the shop does not have
// shops in the default one, as a country without a market of its own does.
func (t *Table) market(m money.Market) *MarketPrices {
	if prices, ok := t.Markets[m]; ok {
		return prices
	}
	return t.Markets[money.DefaultMarket]
}

// Variant returns the quote for one unit of the variant in the market, and
// false when the variant has no price there.
func (t *Table) Variant(market money.Market, variantID int64) (Quote, bool) {
	p, ok := t.market(market).Variants[variantID]
	return Quote{Price: p, NextChange: t.NextChange}, ok
}

// Product returns the quote for one unit of the product's lowest-priced
// variant in the market, and false when the product has no price there.
func (t *Table) Product(market money.Market, productID int64) (Quote, bool) {
	variantID, ok := t.market(market).cheapest[productID]
	if !ok {
		return Quote{}, false
	}
	return t.Variant(market, variantID)
}

// AvailableVariantIDs returns the variants on sale, in the catalogue's order.
// The slice is shared: callers must not change it.
func (t *Table) AvailableVariantIDs() []int64 { return t.availableVariantIDs }

// samePrices reports whether two tables give the same answers, whenever built.
func samePrices(a, b *Table) bool {
	return a.NextChange.Equal(b.NextChange) && slices.Equal(a.availableVariantIDs, b.availableVariantIDs) &&
		maps.EqualFunc(a.Markets, b.Markets, func(x, y *MarketPrices) bool {
			return x.Currency == y.Currency && maps.Equal(x.Variants, y.Variants) && maps.Equal(x.cheapest, y.cheapest)
		})
}
