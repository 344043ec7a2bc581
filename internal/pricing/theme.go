package pricing

import (
	"time"

	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// ThemeDiscount is one market's automatic discount on one unit of a
// variant, as a theme prints it at first paint: every amount in minor units
// of the market's currency, and the badge's percentage worked out as the
// widgets work it out, so that the page and the widget agree to the letter.
// The amounts are plain integers, as Liquid holds a variant's price, not
// the decimal major units money.Amount writes in JSON.
type ThemeDiscount struct {
	// Price is the list price the discount was worked out on: a theme
	// whose variant price differs holds a newer price, and prints none.
	Price int64 `json:"price"`
	// Amount is the money off one unit; Price less Amount is what
	// checkout charges.
	Amount int64 `json:"amount"`
	// Percentage is the badge's whole percent: the amount off over the
	// price, rounded half up.
	Percentage int64  `json:"percentage"`
	Title      string `json:"title"`
	// EndsAt is when the discount stops; zero when it runs on.
	EndsAt time.Time `json:"ends_at,omitzero"`
}

// ThemeDiscounts returns, for every variant of the table, the automatic
// discount that applies now in each market, by the market's currency; a
// market where none applies is left out, and a variant discounted in no
// market has an empty map. rules are the rules the table was built with:
// they give each discount its end.
func ThemeDiscounts(t *Table, rules []discount.Rule) map[int64]map[money.Currency]ThemeDiscount {
	ends := make(map[int64]time.Time, len(rules))
	for _, r := range rules {
		ends[r.ID] = r.EndsAt.UTC()
	}
	out := map[int64]map[money.Currency]ThemeDiscount{}
	for _, prices := range t.Markets {
		for id, p := range prices.Variants {
			byCurrency, ok := out[id]
			if !ok {
				byCurrency = map[money.Currency]ThemeDiscount{}
				out[id] = byCurrency
			}
			if p.Discount.Amount <= 0 {
				continue
			}
			byCurrency[prices.Currency] = ThemeDiscount{
				Price:      int64(p.List),
				Amount:     int64(p.Discount.Amount),
				Percentage: int64(money.PercentOf(p.Discount.Amount, p.List) / 100),
				Title:      p.Discount.Title,
				EndsAt:     ends[p.Discount.RuleID],
			}
		}
	}
	return out
}
