package pricing

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

// result is what discount.Best answers for a rule taking off from a price.
func result(ruleID int64, title string, kind discount.ValueType, market money.Market, off money.Amount, percent money.Percent) discount.Result {
	return discount.Result{Amount: off, Currency: market.Currency(), Percent: percent, Title: title, RuleID: ruleID, ValueType: kind}
}

func TestTableLookups(t *testing.T) {
	entries := []Entry{
		entry(11, 1, money.LT, 4500, 0, 100),
		entry(11, 1, money.AU, 9000, 0, 100),
		entry(12, 1, money.LT, 3000, 4000, 100),
		entry(13, 1, money.LT, 3000, 0, 100), // as cheap as 12, but after it
		entry(21, 2, money.LT, 9000, 0),
		entry(21, 2, money.US, 9000, 0),
		entry(99, 9, "DE", 1000, 0), // not one of the shop's markets
	}
	usOnly := pct(2, 500, discount.ScopeAll)
	usOnly.Title = "US 5%"
	usOnly.Markets = []money.Market{money.US}
	endsSoon := discount.Rule{ID: 3, Title: "Fixed 50 EUR", ValueType: discount.FixedAmount,
		Amounts: map[money.Currency]money.Amount{money.EUR: 5000}, Scope: discount.ScopeVariants, Targets: []int64{12},
		StartsAt: now.Add(-time.Hour), EndsAt: now.Add(2 * time.Hour)}
	notYet := pct(4, 9000, discount.ScopeAll)
	notYet.StartsAt = now.Add(time.Hour)
	hats := pct(1, 1000, discount.ScopeCollections, 100)
	hats.Title = "Hats 10%"
	table := Build(entries, []discount.Rule{hats, usOnly, endsSoon, notYet}, []int64{11, 21}, now)

	// The sale that has not started yet is the next change, before the
	// fixed amount ends.
	next := now.Add(time.Hour)
	for _, test := range []struct {
		name    string
		market  money.Market
		variant int64
		product int64 // when set, the lookup is the product's
		want    Price
		found   bool
	}{
		{"list price and a collection's 10 % off", money.LT, 11, 0,
			Price{VariantID: 11, ProductID: 1, List: 4500, Discounted: 4050, Discount: result(1, "Hats 10%", discount.Percentage, money.LT, 450, 1000)}, true},
		{"the same in another market's currency", money.AU, 11, 0,
			Price{VariantID: 11, ProductID: 1, List: 9000, Discounted: 8100, Discount: result(1, "Hats 10%", discount.Percentage, money.AU, 900, 1000)}, true},
		{"compare-at kept, a fixed amount capped at the price", money.LT, 12, 0,
			Price{VariantID: 12, ProductID: 1, List: 3000, CompareAt: 4000, Discounted: 0, Discount: result(3, "Fixed 50 EUR", discount.FixedAmount, money.LT, 3000, 10000)}, true},
		{"no discount", money.LT, 21, 0,
			Price{VariantID: 21, ProductID: 2, List: 9000, Discounted: 9000, Discount: discount.Result{Currency: money.EUR}}, true},
		{"a market-limited rule", money.US, 21, 0,
			Price{VariantID: 21, ProductID: 2, List: 9000, Discounted: 8550, Discount: result(2, "US 5%", discount.Percentage, money.US, 450, 500)}, true},
		{"a market the shop does not have falls back to the default one", "DE", 21, 0,
			Price{VariantID: 21, ProductID: 2, List: 9000, Discounted: 9000, Discount: discount.Result{Currency: money.EUR}}, true},
		{"a variant without a price in the market", money.GB, 11, 0, Price{}, false},
		{"an unknown variant", money.LT, 99, 0, Price{}, false},
		{"a product: its cheapest variant, the first of equals", money.LT, 0, 1,
			Price{VariantID: 12, ProductID: 1, List: 3000, CompareAt: 4000, Discounted: 0, Discount: result(3, "Fixed 50 EUR", discount.FixedAmount, money.LT, 3000, 10000)}, true},
		{"a product in another market", money.US, 0, 2,
			Price{VariantID: 21, ProductID: 2, List: 9000, Discounted: 8550, Discount: result(2, "US 5%", discount.Percentage, money.US, 450, 500)}, true},
		{"a product without prices in the market", money.AU, 0, 2, Price{}, false},
		{"an unknown product", money.LT, 0, 9, Price{}, false},
	} {
		t.Run(test.name, func(t *testing.T) {
			var got Quote
			var found bool
			if test.product != 0 {
				got, found = table.Product(test.market, test.product)
			} else {
				got, found = table.Variant(test.market, test.variant)
			}
			if found != test.found || got.Price != test.want {
				t.Errorf("got %+v (found %v), want %+v (found %v)", got.Price, found, test.want, test.found)
			}
			if found && !got.NextChange.Equal(next) {
				t.Errorf("next change %v, want %v", got.NextChange, next)
			}
		})
	}

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
	if got := table.AvailableVariantIDs(); len(got) != 2 || got[0] != 11 || got[1] != 21 {
		t.Errorf("available variants %v, want [11 21]", got)
	}
}

func TestNextChange(t *testing.T) {
	ends := pct(1, 1000, discount.ScopeAll)
	ends.EndsAt = now.Add(3 * time.Hour)
	starts := pct(2, 1000, discount.ScopeAll)
	starts.StartsAt = now.Add(5 * time.Hour)
	for _, test := range []struct {
		name  string
		rules []discount.Rule
		want  time.Time
	}{
		{"no rules", nil, time.Time{}},
		{"rules that never end", []discount.Rule{pct(1, 1000, discount.ScopeAll)}, time.Time{}},
		{"a rule's end", []discount.Rule{ends}, now.Add(3 * time.Hour)},
		{"a rule's start", []discount.Rule{starts}, now.Add(5 * time.Hour)},
		{"the earlier of both", []discount.Rule{starts, ends}, now.Add(3 * time.Hour)},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := Build(nil, test.rules, nil, now).NextChange; !got.Equal(test.want) {
				t.Errorf("next change %v, want %v", got, test.want)
			}
		})
	}
}
