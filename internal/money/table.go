package money

import (
	"errors"
	"slices"
	"strings"
)

//go:generate go run ./gen ../../web/src/generated/currencies.ts

// The shop's currencies and markets are written here and nowhere else: the
// rest of the Go code reads them from this table, the widgets get it as
// web/src/generated/currencies.ts (go generate writes it, and
// TestTypeScriptIsGenerated fails while the checked-in file is stale), and
// TestOpenAPIListsAreTheTable holds every currency and market list of
// docs/openapi.yaml equal to it.
//
// Adding a currency is one row in currencyTable (and one in marketTable for a
// market of its own) plus its tests: `go generate ./internal/money` and
// `go generate ./internal/demo` (the demo prices a currency its data does not
// list at its sample rate); its code in docs/openapi.yaml's lists
// (TestOpenAPIListsAreTheTable names each list that lacks it); for a new
// market, a price in it in every catalogue the tests import, since a
// catalogue prices every variant in every market. Tests that spell the list
// out, here and in rates, api and the widgets, fail until they have the new
// row. A named constant below is only for code that names the currency.

// Currency is an ISO 4217 code from the shop's whitelist.
type Currency string

// The currencies that code names.
const (
	EUR Currency = "EUR"
	AUD Currency = "AUD"
	GBP Currency = "GBP"
	USD Currency = "USD"
)

// Market is an ISO 3166 country code that names one of the shop's markets.
type Market string

// The markets that code names.
const (
	LT Market = "LT"
	AU Market = "AU"
	GB Market = "GB"
	US Market = "US"
)

// DefaultMarket serves every country that has no market of its own.
const DefaultMarket = LT

// DefaultCurrency is the currency a shopper gets when nothing else is known,
// and the one a currency outside the whitelist is reset to: the default
// market's, so an unknown country shops in it too.
const DefaultCurrency = EUR

// CurrencyInfo is one row of the currency table.
type CurrencyInfo struct {
	Code Currency
	// Symbol is the narrow symbol shown before an amount: "$" for the
	// Australian dollar as for the US one, the currency code telling them
	// apart where it matters.
	Symbol string
	// MinorDigits is the number of decimal places of the minor unit: 2 for
	// cents and pence.
	MinorDigits int
	// ConvertedDigits is the number of decimal places a price converted
	// into this currency keeps: 0 rounds converted prices to whole units.
	ConvertedDigits int
	// DecimalComma says the shop writes amounts as 1.234,56 rather than
	// 1,234.56, as its theme's money format does for the euro.
	DecimalComma bool
	// SampleRate is about how many units one euro buys: for help texts and
	// examples only, never for a price.
	SampleRate float64
	// MinPerEUR and MaxPerEUR bound the rate any table may hold for the
	// currency, whether the feed's first answer or the shop's own: beyond
	// them a rate is a broken feed or a typo. They are half and twice the
	// ECB's reference rate of 2024-25 (the sample rate), wide of its whole
	// record since 1999 (USD about 0.83 to 1.60, GBP 0.57 to 0.98, AUD 1.16
	// to 2.07 per euro); the euro's is 1.
	MinPerEUR, MaxPerEUR float64
}

// MarketInfo is one row of the market table.
type MarketInfo struct {
	Country  Market
	Currency Currency
}

// currencyTable lists the whitelist in the order it is shown.
var currencyTable = []CurrencyInfo{
	{Code: EUR, Symbol: "€", MinorDigits: 2, ConvertedDigits: 0, DecimalComma: true, SampleRate: 1, MinPerEUR: 1, MaxPerEUR: 1},
	{Code: AUD, Symbol: "$", MinorDigits: 2, ConvertedDigits: 0, SampleRate: 1.65, MinPerEUR: 0.825, MaxPerEUR: 3.3},
	{Code: GBP, Symbol: "£", MinorDigits: 2, ConvertedDigits: 0, SampleRate: 0.86, MinPerEUR: 0.43, MaxPerEUR: 1.72},
	{Code: USD, Symbol: "$", MinorDigits: 2, ConvertedDigits: 0, SampleRate: 1.08, MinPerEUR: 0.54, MaxPerEUR: 2.16},
}

// marketTable lists the markets in a stable order.
var marketTable = []MarketInfo{
	{Country: LT, Currency: EUR},
	{Country: AU, Currency: AUD},
	{Country: GB, Currency: GBP},
	{Country: US, Currency: USD},
}

// Currencies lists the whitelist in a stable order.
var Currencies = currencyCodes()

func currencyCodes() []Currency {
	codes := make([]Currency, len(currencyTable))
	for i, row := range currencyTable {
		codes[i] = row.Code
	}
	return codes
}

// Markets lists the markets in a stable order.
var Markets = marketCountries()

func marketCountries() []Market {
	countries := make([]Market, len(marketTable))
	for i, row := range marketTable {
		countries[i] = row.Country
	}
	return countries
}

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

// Info returns c's row of the currency table; the zero row when c is not on
// the whitelist.
func (c Currency) Info() CurrencyInfo {
	i := slices.IndexFunc(currencyTable, func(row CurrencyInfo) bool { return row.Code == c })
	if i < 0 {
		return CurrencyInfo{}
	}
	return currencyTable[i]
}

// ParseCurrency accepts a whitelisted currency code in any letter case.
func ParseCurrency(s string) (Currency, bool) {
	c := Currency(strings.ToUpper(s))
	if !c.Valid() {
		return "", false
	}
	return c, true
}

// Valid reports whether m is one of the shop's markets, spelled exactly.
func (m Market) Valid() bool { return slices.Contains(Markets, m) }

// Currency is the currency prices are kept in for the market; "" for a
// country that is not one of the markets.
func (m Market) Currency() Currency {
	i := slices.IndexFunc(marketTable, func(row MarketInfo) bool { return row.Country == m })
	if i < 0 {
		return ""
	}
	return marketTable[i].Currency
}

// ErrCountry reports a country code that is not two ASCII letters.
var ErrCountry = errors.New("a country is a two-letter ISO 3166 code, such as LT or US")

// MarketForCountry maps a two-letter country code (any letter case) to the
// market that serves it: its own when the shop has one, the default otherwise.
func MarketForCountry(country string) (Market, error) {
	if len(country) != 2 || !isASCIILetter(country[0]) || !isASCIILetter(country[1]) {
		return "", ErrCountry
	}
	if m := Market(strings.ToUpper(country)); m.Valid() {
		return m, nil
	}
	return DefaultMarket, nil
}

func isASCIILetter(b byte) bool { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') }
