package pricing

import (
	"reflect"
	"testing"
	"time"

	"knitfront/internal/discount"
	"knitfront/internal/money"
)

func TestThemeDiscounts(t *testing.T) {
	hats := pct(1, 1500, discount.ScopeCollections, 100)
	hats.Title = "Mitten season"
	endsSoon := discount.Rule{ID: 2, Title: "Fixed 3 EUR", ValueType: discount.FixedAmount,
		Amounts: map[money.Currency]money.Amount{money.EUR: 300}, Scope: discount.ScopeVariants, Targets: []int64{21},
		StartsAt: now.Add(-time.Hour), EndsAt: now.Add(2 * time.Hour)}
	over := discount.Rule{ID: 3, Title: "Over", ValueType: discount.FixedAmount,
		Amounts: map[money.Currency]money.Amount{money.GBP: 5000}, Scope: discount.ScopeVariants, Targets: []int64{31},
		StartsAt: now.Add(-time.Hour)}
	entries := []Entry{
		entry(11, 1, money.LT, 3500, 0, 100),
		entry(11, 1, money.AU, 6000, 0, 100),
		entry(21, 2, money.LT, 1100, 0),
		entry(21, 2, money.US, 1200, 0),
		entry(31, 3, money.GB, 4000, 0),
		entry(41, 4, money.LT, 9000, 0),
	}
	got := ThemeDiscounts(Build(entries, []discount.Rule{hats, endsSoon, over}, nil, now), []discount.Rule{hats, endsSoon, over})

	for _, test := range []struct {
		name    string
		variant int64
		want    map[money.Currency]ThemeDiscount
	}{
		{"a percentage in every market the variant sells in, with no end", 11, map[money.Currency]ThemeDiscount{
			money.EUR: {Price: 3500, Amount: 525, Percentage: 15, Title: "Mitten season"},
			money.AUD: {Price: 6000, Amount: 900, Percentage: 15, Title: "Mitten season"},
		}},
		// 300 of 1100 is 27.27 %: the badge rounds it as the widgets do.
		{"a fixed amount in its currency only, with its end", 21, map[money.Currency]ThemeDiscount{
			money.EUR: {Price: 1100, Amount: 300, Percentage: 27, Title: "Fixed 3 EUR", EndsAt: now.Add(2 * time.Hour)},
		}},
		{"an amount over the price takes the whole price", 31, map[money.Currency]ThemeDiscount{
			money.GBP: {Price: 4000, Amount: 4000, Percentage: 100, Title: "Over"},
		}},
		{"no discount anywhere is an empty map, so a written one is cleared", 41, map[money.Currency]ThemeDiscount{}},
	} {
		t.Run(test.name, func(t *testing.T) {
			if !reflect.DeepEqual(got[test.variant], test.want) {
				t.Errorf("ThemeDiscounts()[%d] = %+v, want %+v", test.variant, got[test.variant], test.want)
			}
		})
	}
	if len(got) != 4 {
		t.Errorf("ThemeDiscounts() has %d variants, want 4: every variant of the table", len(got))
	}
}
