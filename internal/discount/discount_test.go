package discount

import (
	"testing"
	"time"

	"knitfront/internal/money"
)

var (
	jan2025 = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	now     = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
)

func pct(id int64, title string, p money.Percent, scope Scope, targets ...int64) Rule {
	return Rule{ID: id, Title: title, ValueType: Percentage, Percent: p, Scope: scope, Targets: targets, StartsAt: jan2025}
}

func fixed(id int64, title string, amounts map[money.Currency]money.Amount, scope Scope, targets ...int64) Rule {
	return Rule{ID: id, Title: title, ValueType: FixedAmount, Amounts: amounts, Scope: scope, Targets: targets, StartsAt: jan2025}
}

func with(r Rule, change func(*Rule)) Rule { change(&r); return r }

// hat is variant 11 of product 1, in collections 100 and 200, at 45.00 EUR.
var hat = Item{VariantID: 11, ProductID: 1, CollectionIDs: []int64{100, 200}, Market: money.LT, Price: 4500}

func TestBest(t *testing.T) {
	for _, test := range []struct {
		name  string
		rules []Rule
		item  Item
		want  Result
	}{
		{"no rules", nil, hat, Result{Currency: money.EUR}},
		{"all products", []Rule{pct(1, "All 10%", 1000, ScopeAll)}, hat,
			Result{Amount: 450, Currency: money.EUR, Percent: 1000, Title: "All 10%", RuleID: 1, ValueType: Percentage}},
		{"by collection", []Rule{pct(1, "Hats", 2000, ScopeCollections, 200)}, hat,
			Result{Amount: 900, Currency: money.EUR, Percent: 2000, Title: "Hats", RuleID: 1, ValueType: Percentage}},
		{"other collection", []Rule{pct(1, "Socks", 2000, ScopeCollections, 300)}, hat, Result{Currency: money.EUR}},
		{"by product", []Rule{pct(1, "P", 1500, ScopeProducts, 1)}, hat,
			Result{Amount: 675, Currency: money.EUR, Percent: 1500, Title: "P", RuleID: 1, ValueType: Percentage}},
		{"other product", []Rule{pct(1, "P", 1500, ScopeProducts, 2)}, hat, Result{Currency: money.EUR}},
		{"by variant", []Rule{pct(1, "V", 5000, ScopeVariants, 12, 11)}, hat,
			Result{Amount: 2250, Currency: money.EUR, Percent: 5000, Title: "V", RuleID: 1, ValueType: Percentage}},
		{"a variant id is not a product id", []Rule{pct(1, "V", 5000, ScopeVariants, 1)}, hat, Result{Currency: money.EUR}},
		{"overlapping: the larger amount wins", []Rule{
			pct(1, "All 10%", 1000, ScopeAll),
			fixed(2, "Five off", map[money.Currency]money.Amount{money.EUR: 500}, ScopeProducts, 1),
			pct(3, "Hats 5%", 500, ScopeCollections, 100),
		}, hat, Result{Amount: 500, Currency: money.EUR, Percent: 1100, Title: "Five off", RuleID: 2, ValueType: FixedAmount}},
		{"a tie goes to the lower id, whatever the order", []Rule{
			pct(7, "Later", 1000, ScopeAll),
			fixed(3, "Earlier", map[money.Currency]money.Amount{money.EUR: 450}, ScopeAll),
		}, hat, Result{Amount: 450, Currency: money.EUR, Percent: 1000, Title: "Earlier", RuleID: 3, ValueType: FixedAmount}},
		{"expired", []Rule{with(pct(1, "Old", 1000, ScopeAll), func(r *Rule) { r.EndsAt = now.Add(-time.Second) })}, hat,
			Result{Currency: money.EUR}},
		{"ends exactly now", []Rule{with(pct(1, "Old", 1000, ScopeAll), func(r *Rule) { r.EndsAt = now })}, hat,
			Result{Currency: money.EUR}},
		{"starts exactly now", []Rule{with(pct(1, "New", 1000, ScopeAll), func(r *Rule) { r.StartsAt = now })}, hat,
			Result{Amount: 450, Currency: money.EUR, Percent: 1000, Title: "New", RuleID: 1, ValueType: Percentage}},
		{"future", []Rule{with(pct(1, "Soon", 1000, ScopeAll), func(r *Rule) { r.StartsAt = now.Add(time.Hour) })}, hat,
			Result{Currency: money.EUR}},
		{"expired rule does not beat a smaller live one", []Rule{
			with(pct(1, "Old 50%", 5000, ScopeAll), func(r *Rule) { r.EndsAt = now.Add(-time.Hour) }),
			pct(2, "Live 10%", 1000, ScopeAll),
		}, hat, Result{Amount: 450, Currency: money.EUR, Percent: 1000, Title: "Live 10%", RuleID: 2, ValueType: Percentage}},
		{"market mismatch", []Rule{with(pct(1, "US only", 1000, ScopeAll), func(r *Rule) { r.Markets = []money.Market{money.US} })}, hat,
			Result{Currency: money.EUR}},
		{"market match", []Rule{with(pct(1, "EU", 1000, ScopeAll), func(r *Rule) { r.Markets = []money.Market{money.US, money.LT} })}, hat,
			Result{Amount: 450, Currency: money.EUR, Percent: 1000, Title: "EU", RuleID: 1, ValueType: Percentage}},
		{"fixed amount without the market's currency", []Rule{fixed(1, "AUD off", map[money.Currency]money.Amount{money.AUD: 500}, ScopeAll)}, hat,
			Result{Currency: money.EUR}},
		{"fixed amount in the market's currency", []Rule{fixed(1, "GBP off", map[money.Currency]money.Amount{money.GBP: 300, money.EUR: 200}, ScopeAll)},
			Item{VariantID: 11, ProductID: 1, Market: money.GB, Price: 4000},
			Result{Amount: 300, Currency: money.GBP, Percent: 800, Title: "GBP off", RuleID: 1, ValueType: FixedAmount}},
		{"fixed amount above the price is capped at the price", []Rule{fixed(1, "Big", map[money.Currency]money.Amount{money.EUR: 9999}, ScopeAll)}, hat,
			Result{Amount: 4500, Currency: money.EUR, Percent: 10000, Title: "Big", RuleID: 1, ValueType: FixedAmount}},
		{"once per order: one unit takes the amount, a cart may take it whole", []Rule{
			with(fixed(1, "Ten once", map[money.Currency]money.Amount{money.EUR: 1000}, ScopeAll), func(r *Rule) { r.OncePerOrder = true }),
		}, hat, Result{Amount: 1000, Currency: money.EUR, Percent: 2200, Title: "Ten once", RuleID: 1, ValueType: FixedAmount, OnceAmount: 1000}},
		{"once per order above the price: one unit capped, the order's amount whole", []Rule{
			with(fixed(1, "Fifty once", map[money.Currency]money.Amount{money.EUR: 5000}, ScopeAll), func(r *Rule) { r.OncePerOrder = true }),
		}, hat, Result{Amount: 4500, Currency: money.EUR, Percent: 10000, Title: "Fifty once", RuleID: 1, ValueType: FixedAmount, OnceAmount: 5000}},
		{"percentage rounds half up to the cent", []Rule{pct(1, "12.5%", 1250, ScopeAll)},
			Item{VariantID: 11, ProductID: 1, Market: money.LT, Price: 999},
			Result{Amount: 125, Currency: money.EUR, Percent: 1250, Title: "12.5%", RuleID: 1, ValueType: Percentage}},
		{"a percentage of a tiny price that rounds to 0 is no discount", []Rule{pct(1, "1%", 100, ScopeAll)},
			Item{VariantID: 11, ProductID: 1, Market: money.LT, Price: 49},
			Result{Currency: money.EUR}},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := Best(test.rules, test.item, now); got != test.want {
				t.Errorf("Best = %+v, want %+v", got, test.want)
			}
		})
	}
}

func TestNextChange(t *testing.T) {
	rules := []Rule{
		with(pct(1, "a", 1000, ScopeAll), func(r *Rule) { r.EndsAt = now.Add(3 * time.Hour) }),
		with(pct(2, "b", 1000, ScopeAll), func(r *Rule) { r.StartsAt = now.Add(2 * time.Hour) }),
		with(pct(3, "c", 1000, ScopeAll), func(r *Rule) { r.EndsAt = now.Add(-time.Hour) }),
	}
	if got, want := NextChange(rules, now), now.Add(2*time.Hour); !got.Equal(want) {
		t.Errorf("NextChange = %v, want %v", got, want)
	}
	if got := NextChange(rules[2:], now); !got.IsZero() {
		t.Errorf("NextChange with nothing ahead = %v, want zero", got)
	}
}

func TestValidate(t *testing.T) {
	good := pct(1, "ok", 1000, ScopeAll)
	if err := good.Validate(); err != nil {
		t.Fatalf("a good rule: %v", err)
	}
	for _, test := range []struct {
		name   string
		change func(*Rule)
	}{
		{"no id", func(r *Rule) { r.ID = 0 }},
		{"no title", func(r *Rule) { r.Title = "" }},
		{"zero percent", func(r *Rule) { r.Percent = 0 }},
		{"percentage with amounts", func(r *Rule) { r.Amounts = map[money.Currency]money.Amount{money.EUR: 1} }},
		{"fixed without amounts", func(r *Rule) { r.ValueType = FixedAmount; r.Percent = 0 }},
		{"fixed with a percent", func(r *Rule) { r.ValueType = FixedAmount; r.Amounts = map[money.Currency]money.Amount{money.EUR: 1} }},
		{"fixed in an unknown currency", func(r *Rule) {
			r.ValueType, r.Percent, r.Amounts = FixedAmount, 0, map[money.Currency]money.Amount{"CHF": 100}
		}},
		{"percentage once per order", func(r *Rule) { r.OncePerOrder = true }},
		{"fixed zero", func(r *Rule) {
			r.ValueType, r.Percent, r.Amounts = FixedAmount, 0, map[money.Currency]money.Amount{money.EUR: 0}
		}},
		{"unknown value type", func(r *Rule) { r.ValueType = "bogo" }},
		{"unknown scope", func(r *Rule) { r.Scope = "tags" }},
		{"all with targets", func(r *Rule) { r.Targets = []int64{1} }},
		{"products without targets", func(r *Rule) { r.Scope = ScopeProducts }},
		{"unknown market", func(r *Rule) { r.Markets = []money.Market{"DE"} }},
		{"ends before it starts", func(r *Rule) { r.EndsAt = r.StartsAt.Add(-time.Hour) }},
	} {
		t.Run(test.name, func(t *testing.T) {
			if err := with(good, test.change).Validate(); err == nil {
				t.Error("Validate accepted it")
			}
		})
	}
}
