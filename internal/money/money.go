// Package money holds the shop's currencies and markets and exact decimal
// amounts. Inside Go, money is always an integer count of minor units (cents);
// JSON carries decimal numbers in major units, as the widgets expect.
package money

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Currency is an ISO 4217 code from the shop's whitelist.
type Currency string

// The whitelist of display and market currencies (spec section 3).
const (
	EUR Currency = "EUR"
	AUD Currency = "AUD"
	GBP Currency = "GBP"
	USD Currency = "USD"
)

// DefaultCurrency is the currency a shopper gets when nothing else is known.
const DefaultCurrency = EUR

// Currencies lists the whitelist in a stable order.
var Currencies = []Currency{EUR, AUD, GBP, USD}

// CurrencyNames lists the whitelist for a person: "EUR, AUD, GBP, USD".
func CurrencyNames() string {
	names := make([]string, len(Currencies))
	for i, c := range Currencies {
		names[i] = string(c)
	}
	return strings.Join(names, ", ")
}

// Valid reports whether c is on the whitelist, spelled exactly.
func (c Currency) Valid() bool { return slices.Contains(Currencies, c) }

// ParseCurrency accepts a whitelisted currency code in any letter case.
func ParseCurrency(s string) (Currency, bool) {
	c := Currency(strings.ToUpper(s))
	if !c.Valid() {
		return "", false
	}
	return c, true
}

// Market is an ISO 3166 country code that names one of the shop's markets.
type Market string

// The shop's markets. Any other country shops in the default market, LT.
const (
	LT Market = "LT"
	AU Market = "AU"
	GB Market = "GB"
	US Market = "US"
)

// DefaultMarket serves every country that has no market of its own.
const DefaultMarket = LT

// Markets lists the markets in a stable order.
var Markets = []Market{LT, AU, GB, US}

var marketCurrency = map[Market]Currency{LT: EUR, AU: AUD, GB: GBP, US: USD}

// Valid reports whether m is one of the shop's markets, spelled exactly.
func (m Market) Valid() bool { return slices.Contains(Markets, m) }

// Currency is the currency prices are kept in for the market.
func (m Market) Currency() Currency { return marketCurrency[m] }

// ErrCountry reports a country code that is not two ASCII letters.
var ErrCountry = errors.New("a country is a two-letter ISO 3166 code, such as LT or US")

// MarketForCountry maps a two-letter country code (any letter case) to the
// market that serves it: its own when the shop has one, the default otherwise.
func MarketForCountry(country string) (Market, error) {
	if len(country) != 2 || !isASCIILetter(country[0]) || !isASCIILetter(country[1]) {
		return "", ErrCountry
	}
	m := Market(strings.ToUpper(country))
	if _, ok := marketCurrency[m]; ok {
		return m, nil
	}
	return DefaultMarket, nil
}

func isASCIILetter(b byte) bool { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') }

// Amount is a count of minor units (cents) of some currency. All four
// whitelisted currencies have two decimal places.
type Amount int64

// minorDigits is the number of decimal places of every whitelisted currency.
const minorDigits = 2

// maxAmount keeps amounts far from int64 overflow when multiplied by a
// percentage in basis points.
const maxAmount = Amount(1e13)

// ParseAmount reads a non-negative decimal in major units, such as "89",
// "89.5" or "1234.56", exactly. More than two decimal places is an error,
// never a silent rounding.
func ParseAmount(s string) (Amount, error) {
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" || !allDigits(whole) || (hasFrac && (frac == "" || !allDigits(frac))) {
		return 0, fmt.Errorf("%q is not a decimal amount such as 12.50", s)
	}
	if len(frac) > minorDigits {
		return 0, fmt.Errorf("%q has more than %d decimal places", s, minorDigits)
	}
	if len(whole) > 11 {
		return 0, fmt.Errorf("%q is too large", s)
	}
	frac += strings.Repeat("0", minorDigits-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a decimal amount: %w", s, err)
	}
	if Amount(n) > maxAmount {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return Amount(n), nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// String formats the amount in major units with the shortest exact decimal:
// 450 is "4.5", 1000 is "10", 1999 is "19.99".
func (a Amount) String() string { return string(a.AppendText(nil)) }

// AppendText appends String's form to b without other allocations; answers
// on the API's hot path are built with it.
func (a Amount) AppendText(b []byte) []byte {
	if a < 0 {
		b = append(b, '-')
		a = -a
	}
	b = strconv.AppendInt(b, int64(a/100), 10)
	switch cents := a % 100; {
	case cents == 0:
	case cents%10 == 0:
		b = append(b, '.', byte('0'+cents/10))
	default:
		b = append(b, '.', byte('0'+cents/10), byte('0'+cents%10))
	}
	return b
}

// Fixed formats the amount with exactly two decimal places, as "4.50".
func (a Amount) Fixed() string {
	sign := ""
	if a < 0 {
		sign, a = "-", -a
	}
	return fmt.Sprintf("%s%d.%02d", sign, a/100, a%100)
}

// MarshalJSON writes the amount as a decimal number in major units.
func (a Amount) MarshalJSON() ([]byte, error) { return a.AppendText(nil), nil }

// UnmarshalJSON reads a decimal number or a decimal string in major units.
func (a *Amount) UnmarshalJSON(data []byte) error {
	s := strings.Trim(string(data), `"`)
	v, err := ParseAmount(s)
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// Percent is a percentage in basis points: 1250 is 12.5 %.
type Percent int64

// ParsePercent reads a percentage such as "10" or "12.5" (at most two
// decimal places) between 0 and 100.
func ParsePercent(s string) (Percent, error) {
	a, err := ParseAmount(s)
	if err != nil {
		return 0, err
	}
	if a > 100_00 {
		return 0, fmt.Errorf("%q is above 100 percent", s)
	}
	return Percent(a), nil
}

// Of returns the percentage of an amount, rounded half up to minor units.
func (p Percent) Of(a Amount) Amount { return (a*Amount(p) + 5000) / 10000 }

// String formats the percentage as a decimal number: 1250 is "12.5".
func (p Percent) String() string { return Amount(p).String() }

// MarshalJSON writes the percentage as a decimal number.
func (p Percent) MarshalJSON() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalJSON reads a percentage given as a number or a string.
func (p *Percent) UnmarshalJSON(data []byte) error {
	v, err := ParsePercent(strings.Trim(string(data), `"`))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// PercentOf returns part as a whole percentage of total, rounded half up;
// 0 when total is not positive.
func PercentOf(part, total Amount) Percent {
	if total <= 0 {
		return 0
	}
	return Percent((part*100+total/2)/total) * 100
}
