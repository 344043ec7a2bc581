// Package rates keeps the shop's currency rates: the European Central Bank's
// daily reference rates (or a static table the shop sets), the last known
// ones kept in the store, and the cross rates for any whitelisted base.
//
// Rates are float64 inside Go. A feed's rate is a short decimal ("1.0842",
// five or six significant digits); float64 holds it to about 16, and the text
// it is stored as (strconv's shortest form) reads back as the same number, so
// the store keeps exactly what the bank published. A cross rate is one
// division, rounded to CrossDigits significant digits when it is served.
package rates

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"knitfront/internal/money"
)

// Source says where a table of rates came from.
type Source string

// The sources of rates.
const (
	// SourceECB is the European Central Bank's daily feed.
	SourceECB Source = "ecb"
	// SourceStatic is the shop's own table from configuration.
	SourceStatic Source = "static"
	// SourceDemo is the embedded day of demo rates that `knitfront dev`
	// starts from, offline: figures of the ECB's scale, not its record.
	SourceDemo Source = "demo"
)

// ages says whether a table from the source grows stale with time: a day of
// a feed does; the shop's own table and the demo rates are no day's news.
func (s Source) ages() bool { return s != SourceStatic && s != SourceDemo }

// Table is one day's rates: how many units of each whitelisted currency other
// than the euro one euro buys, as the ECB quotes them.
type Table struct {
	// Date is the day the rates are for, at midnight UTC.
	Date   time.Time
	Source Source
	// PerEUR holds AUD, GBP and USD; the euro itself is 1 by definition.
	PerEUR map[money.Currency]float64
}

// quoted lists the currencies a table quotes per euro, in the whitelist's order.
var quoted = slices.DeleteFunc(slices.Clone(money.Currencies), func(c money.Currency) bool { return c == money.EUR })

// A rate outside these bounds is a broken feed or a typo, not a currency of
// the whitelist; the bounds also keep every cross rate finite.
const (
	minRate = 1e-6
	maxRate = 1e6
)

// Validate reports the first thing wrong with the table, for a person.
func (t Table) Validate() error {
	if t.Date.IsZero() || !t.Date.Equal(day(t.Date)) {
		return fmt.Errorf("the date %v is not a day at midnight UTC", t.Date)
	}
	for _, c := range quoted {
		r, ok := t.PerEUR[c]
		if !ok {
			return fmt.Errorf("no rate for %s", c)
		}
		if err := checkRate(r); err != nil {
			return fmt.Errorf("%s: %w", c, err)
		}
		if info := c.Info(); r < info.MinPerEUR || r > info.MaxPerEUR {
			return fmt.Errorf("%s: the rate %s per EUR is outside %s to %s, the band a rate of %s is plausible in", c, FormatRate(r), FormatRate(info.MinPerEUR), FormatRate(info.MaxPerEUR), c)
		}
	}
	if len(t.PerEUR) != len(quoted) {
		return fmt.Errorf("rates for %v; want exactly %v", slices.Sorted(maps.Keys(t.PerEUR)), quoted)
	}
	return nil
}

func checkRate(r float64) error {
	if !(r >= minRate && r <= maxRate) { // also refuses NaN
		return fmt.Errorf("the rate %v is not between %g and %g", r, minRate, maxRate)
	}
	return nil
}

// parseRate reads a rate written as a plain positive decimal, such as
// "1.0842", the only form the ECB publishes: no sign, exponent or spaces.
func parseRate(s string) (float64, error) {
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" || !allDigits(whole) || (hasFrac && (frac == "" || !allDigits(frac))) || len(s) > 32 {
		return 0, fmt.Errorf("%q is not a decimal rate such as 1.0842", s)
	}
	r, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("%q: %w", s, err)
	}
	return r, checkRate(r)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// FormatRate writes a rate as the shortest decimal that reads back as the
// same float64: a rate parsed from "1.0842" is written "1.0842".
func FormatRate(r float64) string { return strconv.FormatFloat(r, 'f', -1, 64) }

// perEUR is how many units of c one euro buys.
func (t Table) perEUR(c money.Currency) float64 {
	if c == money.EUR {
		return 1
	}
	return t.PerEUR[c]
}

// CrossDigits is the number of significant digits a cross rate is served
// with: more than the feed's own five or six, so nothing it says is lost,
// and few enough that a division's last binary digits never show.
const CrossDigits = 6

// Cross returns how many units of each whitelisted currency one unit of base
// buys: rate[X] = eurX / eurBase, rounded to CrossDigits significant digits,
// and rate[base] = 1 exactly. The table must be valid.
func Cross(t Table, base money.Currency) map[money.Currency]float64 {
	out := make(map[money.Currency]float64, len(money.Currencies))
	for _, c := range money.Currencies {
		if c == base {
			out[c] = 1
			continue
		}
		out[c] = roundSignificant(t.perEUR(c)/t.perEUR(base), CrossDigits)
	}
	return out
}

func roundSignificant(x float64, digits int) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', digits, 64), 64)
	return r
}

// day returns the midnight UTC that starts t's day in UTC.
func day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// String formats the table for a person, as `knitfront rates refresh` prints
// it: "ecb rates of 2026-11-20: EUR 1, AUD 1.7826, GBP 0.8785, USD 1.1535".
func (t Table) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s rates of %s:", t.Source, t.Date.Format(time.DateOnly))
	for i, c := range money.Currencies {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s %s", c, FormatRate(t.perEUR(c)))
	}
	return b.String()
}
