package storefront

import (
	"regexp"
	"strconv"
	"strings"

	"knitfront/internal/money"
)

// moneyFormat is how a shop shows money in one currency, as Shopify's
// "Currency display" settings give it: the amount placeholder inside a
// template with the symbol, with and without the currency code.
type moneyFormat struct {
	money, withCurrency string
}

// moneyFormats are the presentment formats of the shop's currencies, in the
// form Shopify proposes: the symbol before the amount, written with a decimal
// comma where the shop writes one (the euro's €1.234,56), and the code after
// it in the format with the currency.
var moneyFormats = shopMoneyFormats()

func shopMoneyFormats() map[money.Currency]moneyFormat {
	formats := make(map[money.Currency]moneyFormat, len(money.Currencies))
	for _, c := range money.Currencies {
		info := c.Info()
		amount := info.Symbol + "{{amount}}"
		if info.DecimalComma {
			amount = info.Symbol + "{{amount_with_comma_separator}}"
		}
		formats[c] = moneyFormat{money: amount, withCurrency: amount + " " + string(c)}
	}
	return formats
}

var placeholderPattern = regexp.MustCompile(`{{\s*(\w+)\s*}}`)

// formatMoney renders cents in a Shopify money format, such as
// "€{{amount_with_comma_separator}}" → €1.234,50. Unknown placeholders are
// left as they are, as Shopify leaves them.
func formatMoney(cents int64, format string) string {
	return placeholderPattern.ReplaceAllStringFunc(format, func(placeholder string) string {
		name := placeholderPattern.FindStringSubmatch(placeholder)[1]
		if s, ok := formatAmount(cents, name); ok {
			return s
		}
		return placeholder
	})
}

// amountStyles are Shopify's amount placeholders: the thousands separator,
// the decimal mark, and whether cents are shown.
var amountStyles = map[string]struct {
	thousands, decimal string
	cents              bool
}{
	"amount":                                  {",", ".", true},
	"amount_no_decimals":                      {",", ".", false},
	"amount_with_comma_separator":             {".", ",", true},
	"amount_no_decimals_with_comma_separator": {".", ",", false},
	"amount_with_apostrophe_separator":        {"'", ".", true},
	"amount_no_decimals_with_space_separator": {" ", ",", false},
	"amount_with_space_separator":             {" ", ",", true},
	"amount_with_period_and_space_separator":  {" ", ".", true},
}

func formatAmount(cents int64, placeholder string) (string, bool) {
	style, ok := amountStyles[placeholder]
	if !ok {
		return "", false
	}
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	whole, fraction := cents/100, cents%100
	if !style.cents {
		// Shopify rounds half up when it drops the cents.
		whole, fraction = (cents+50)/100, 0
	}
	digits := strconv.FormatInt(whole, 10)
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(style.thousands)
		}
		b.WriteRune(d)
	}
	if style.cents {
		b.WriteString(style.decimal)
		if fraction < 10 {
			b.WriteByte('0')
		}
		b.WriteString(strconv.FormatInt(fraction, 10))
	}
	return b.String(), true
}

// amountOnly is the format's amount placeholder alone: the format of
// money_without_currency.
func amountOnly(format string) string {
	if p := placeholderPattern.FindString(format); p != "" {
		return p
	}
	return "{{amount}}"
}

// withoutTrailingZeros is money_without_trailing_zeros: whole amounts lose
// their cents.
func withoutTrailingZeros(cents int64, format string) string {
	s := formatMoney(cents, format)
	if cents%100 != 0 {
		return s
	}
	for _, zeros := range []string{".00", ",00"} {
		if i := strings.LastIndex(s, zeros); i >= 0 {
			return s[:i] + s[i+len(zeros):]
		}
	}
	return s
}
