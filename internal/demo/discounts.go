package demo

import (
	"fmt"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

const firstDiscountID = 1123456000001

var (
	// discountsStart is when the running rules began.
	discountsStart = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	// winterClearanceEnd is when the expired rule stopped applying.
	winterClearanceEnd = time.Date(2025, 6, 30, 0, 0, 0, 0, time.UTC)
	// newYear2030 is when the future rule starts.
	newYear2030 = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
)

// discountRules builds the automatic discounts. They name their targets by
// handle (and variant title), resolved here to ids; the handles are this
// package's own, so an unknown one is a bug and panics.
func discountRules(collections []catalog.Collection, products []catalog.Product) []discount.Rule {
	collectionID := func(handle string) int64 {
		for _, c := range collections {
			if c.Handle == handle {
				return c.ID
			}
		}
		panic(fmt.Sprintf("demo discount: no collection %q", handle))
	}
	product := func(handle string) catalog.Product {
		for _, p := range products {
			if p.Handle == handle {
				return p
			}
		}
		panic(fmt.Sprintf("demo discount: no product %q", handle))
	}
	productIDs := func(handles ...string) []int64 {
		var ids []int64
		for _, h := range handles {
			ids = append(ids, product(h).ID)
		}
		return ids
	}
	variantID := func(handle, title string) int64 {
		for _, v := range product(handle).Variants {
			if v.Title == title {
				return v.ID
			}
		}
		panic(fmt.Sprintf("demo discount: product %q has no variant %q", handle, title))
	}

	rules := []discount.Rule{
		{
			Title:     "Mitten season: 15% off hats and mittens",
			ValueType: discount.Percentage, Percent: 15_00,
			Scope: discount.ScopeCollections, Targets: []int64{collectionID("hats-and-mittens")},
		},
		{
			Title:     "Sock drawer refresh",
			ValueType: discount.FixedAmount, Amounts: pricePoint{5, 8, 4, 5}.perCurrency(),
			Scope:   discount.ScopeProducts,
			Targets: productIDs("everyday-wool-socks", "cabin-boot-socks", "candy-stripe-socks"),
		},
		{
			Title:     "Last ones in Rose: 25% off",
			ValueType: discount.Percentage, Percent: 25_00,
			Scope: discount.ScopeVariants,
			Targets: []int64{
				variantID("meadow-button-cardigan", "Rose / S"),
				variantID("meadow-button-cardigan", "Rose / M"),
			},
		},
		{
			Title:     "US launch: 5% off everything",
			ValueType: discount.Percentage, Percent: 5_00,
			Scope: discount.ScopeAll, Markets: []money.Market{money.US},
		},
		{
			Title:     "Winter clearance: 30% off scarves",
			ValueType: discount.Percentage, Percent: 30_00,
			Scope: discount.ScopeCollections, Targets: []int64{collectionID("scarves")},
			EndsAt: winterClearanceEnd,
		},
		{
			Title:     "New Year 2030: 20% off blankets",
			ValueType: discount.Percentage, Percent: 20_00,
			Scope: discount.ScopeCollections, Targets: []int64{collectionID("blankets")},
			StartsAt: newYear2030,
		},
		// The two Harbour rules overlap so the engine's choice shows: 10% is
		// more in LT and GB, the fixed amount more in AU and US.
		{
			Title:     "Harbour sweater: 10% off",
			ValueType: discount.Percentage, Percent: 10_00,
			Scope: discount.ScopeProducts, Targets: productIDs("harbour-rib-sweater"),
		},
		{
			Title:     "Harbour sweater: money off",
			ValueType: discount.FixedAmount, Amounts: pricePoint{10, 25, 10, 15}.perCurrency(),
			Scope: discount.ScopeProducts, Targets: productIDs("harbour-rib-sweater"),
		},
	}
	for i := range rules {
		rules[i].ID = firstDiscountID + int64(i)
		if rules[i].StartsAt.IsZero() {
			rules[i].StartsAt = discountsStart
		}
	}
	return rules
}
