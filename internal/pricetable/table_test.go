package pricetable

import (
	"testing"
	"time"

	"knitfront/internal/discount"
	"knitfront/internal/money"
)

var now = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func entry(variant, product int64, market money.Market, price, compareAt money.Amount, collections ...int64) Entry {
	return Entry{Item: discount.Item{VariantID: variant, ProductID: product, CollectionIDs: collections, Market: market, Price: price}, CompareAt: compareAt}
}

func pct(id int64, percent money.Percent, scope discount.Scope, targets ...int64) discount.Rule {
	return discount.Rule{ID: id, Title: "rule", ValueType: discount.Percentage, Percent: percent, Scope: scope, Targets: targets,
		StartsAt: now.Add(-24 * time.Hour)}
}

func TestBuild(t *testing.T) {
	entries := []Entry{
		entry(11, 1, money.LT, 4500, 0, 100),
		entry(11, 1, money.AU, 9000, 0, 100),
		entry(12, 1, money.LT, 3000, 4000, 100),
		entry(21, 2, money.LT, 9000, 0),
		entry(21, 2, money.US, 9000, 0),
		entry(99, 9, "DE", 1000, 0), // not one of the shop's markets
	}
	usOnly := pct(2, 500, discount.ScopeAll)
	usOnly.Markets = []money.Market{money.US}
	notYet := pct(4, 9000, discount.ScopeAll)
	notYet.StartsAt = now.Add(time.Hour)
	rules := []discount.Rule{
		pct(1, 1000, discount.ScopeCollections, 100),
		usOnly,
		{ID: 3, Title: "Fixed 50 EUR", ValueType: discount.FixedAmount, Amounts: map[money.Currency]money.Amount{money.EUR: 5000},
			Scope: discount.ScopeVariants, Targets: []int64{12}, StartsAt: now.Add(-time.Hour)},
		notYet,
	}
	table := Build(entries, rules, now)

	if !table.BuiltAt.Equal(now) || len(table.Markets) != len(money.Markets) {
		t.Fatalf("table built at %v with %d markets", table.BuiltAt, len(table.Markets))
	}
	for _, m := range money.Markets {
		if table.Markets[m].Currency != m.Currency() {
			t.Errorf("market %s is in %s, want %s", m, table.Markets[m].Currency, m.Currency())
		}
	}
	if _, ok := table.Markets["DE"]; ok {
		t.Error("an entry of a market the shop does not have made it into the table")
	}
	for _, test := range []struct {
		name    string
		market  money.Market
		variant int64
		want    VariantPrice
	}{
		{"a collection's 10 % off", money.LT, 11, VariantPrice{Price: 4500, DiscountedPrice: 4050}},
		{"the same in another market's currency", money.AU, 11, VariantPrice{Price: 9000, DiscountedPrice: 8100}},
		{"a fixed amount capped at the price, compare-at kept", money.LT, 12, VariantPrice{Price: 3000, CompareAt: 4000, DiscountedPrice: 0}},
		{"no discount", money.LT, 21, VariantPrice{Price: 9000, DiscountedPrice: 9000}},
		{"a market-limited rule", money.US, 21, VariantPrice{Price: 9000, DiscountedPrice: 8550}},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, ok := table.Markets[test.market].Variants[test.variant]
			if !ok || got != test.want {
				t.Errorf("%d in %s = %+v (present %v), want %+v", test.variant, test.market, got, ok, test.want)
			}
		})
	}
	if n := len(table.Markets[money.GB].Variants); n != 0 {
		t.Errorf("GB has %d prices, want none", n)
	}
}

func TestBuildAgreesWithTheDiscountEngine(t *testing.T) {
	entries := []Entry{entry(11, 1, money.LT, 4999, 0, 100), entry(11, 1, money.GB, 4333, 0, 100)}
	rules := []discount.Rule{pct(1, 1250, discount.ScopeCollections, 100)}
	table := Build(entries, rules, now)
	for _, e := range entries {
		want := e.Price - discount.Best(rules, e.Item, now).Amount
		if got := table.Markets[e.Market].Variants[e.VariantID].DiscountedPrice; got != want {
			t.Errorf("%s: discounted %v, the engine says %v", e.Market, got, want)
		}
	}
}
