package rates

import (
	"fmt"
	"strings"

	"knitfront/internal/money"
)

// StaticExample is the form of a static table, for messages and help: every
// quoted currency with its sample rate, as "AUD=1.65,GBP=0.86,USD=1.08".
var StaticExample = staticExample()

func staticExample() string {
	pairs := make([]string, len(quoted))
	for i, c := range quoted {
		pairs[i] = string(c) + "=" + FormatRate(c.Info().SampleRate)
	}
	return strings.Join(pairs, ",")
}

// ParseStatic reads the shop's own rates per euro, in StaticExample's form:
// every whitelisted currency but the euro, once, in any order and letter case
// ("EUR=1" may be given too). The table's Date is left for the caller to set.
func ParseStatic(s string) (Table, error) {
	t := Table{Source: SourceStatic, PerEUR: make(map[money.Currency]float64, len(quoted))}
	seen := map[money.Currency]bool{}
	for pair := range strings.SplitSeq(s, ",") {
		pair = strings.TrimSpace(pair)
		name, value, ok := strings.Cut(pair, "=")
		if !ok {
			return Table{}, fmt.Errorf("%q is not CURRENCY=RATE; give the rates per euro as %s", pair, StaticExample)
		}
		c, ok := money.ParseCurrency(strings.TrimSpace(name))
		if !ok {
			return Table{}, fmt.Errorf("%q is not one of %s", strings.TrimSpace(name), money.CurrencyNames())
		}
		if seen[c] {
			return Table{}, fmt.Errorf("%s is given twice", c)
		}
		seen[c] = true
		rate, err := parseRate(strings.TrimSpace(value))
		if err != nil {
			return Table{}, fmt.Errorf("%s: %w", c, err)
		}
		if c == money.EUR {
			if rate != 1 {
				return Table{}, fmt.Errorf("EUR=%s: the rates are per euro, so EUR can only be 1", strings.TrimSpace(value))
			}
			continue
		}
		t.PerEUR[c] = rate
	}
	for _, c := range quoted {
		if !seen[c] {
			return Table{}, fmt.Errorf("%s is missing; give every rate per euro, as %s", c, StaticExample)
		}
	}
	return t, nil
}
