// Package money holds the shop's currencies and markets and exact decimal
// amounts. Inside Go, money is always an integer count of minor units (cents);
// JSON carries decimal numbers in major units, as the widgets expect.
package money

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Amount is a count of minor units (cents) of some currency of the table.
type Amount int64

// minorDigits is the number of decimal places of an Amount: those of the
// default currency, which every currency of the table shares (a test holds
// them equal; a currency with other minor digits would need amounts that know
// their currency).
var minorDigits = DefaultCurrency.Info().MinorDigits

// minorUnits is how many minor units make one major unit.
var minorUnits = Amount(math.Pow10(minorDigits))

// WholeUnits is n whole units (euros, dollars, pounds) as an Amount.
func WholeUnits(n int64) Amount { return Amount(n) * minorUnits }

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
	b = strconv.AppendInt(b, int64(a/minorUnits), 10)
	minor := a % minorUnits
	if minor == 0 {
		return b
	}
	b = append(b, '.')
	for unit := minorUnits / 10; minor != 0; unit /= 10 {
		b = append(b, byte('0'+minor/unit))
		minor %= unit
	}
	return b
}

// Fixed formats the amount with all its decimal places, as "4.50".
func (a Amount) Fixed() string {
	sign := ""
	if a < 0 {
		sign, a = "-", -a
	}
	return fmt.Sprintf("%s%d.%0*d", sign, a/minorUnits, minorDigits, a%minorUnits)
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
