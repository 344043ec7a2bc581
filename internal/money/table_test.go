package money

import (
	"regexp"
	"slices"
	"testing"
)

func TestMarketForCountry(t *testing.T) {
	for _, test := range []struct {
		country  string
		want     Market
		currency Currency
		wantErr  bool
	}{
		{"LT", LT, EUR, false},
		{"au", AU, AUD, false},
		{"GB", GB, GBP, false},
		{"Us", US, USD, false},
		{"DE", LT, EUR, false}, // no market of its own: the default
		{"JP", LT, EUR, false},
		{"", "", "", true},
		{"USA", "", "", true},
		{"1A", "", "", true},
		{"Ü", "", "", true},
	} {
		got, err := MarketForCountry(test.country)
		if (err != nil) != test.wantErr || got != test.want || got.Currency() != test.currency {
			t.Errorf("MarketForCountry(%q) = %q (%q), %v; want %q (%q), error %v",
				test.country, got, got.Currency(), err, test.want, test.currency, test.wantErr)
		}
	}
}

func TestMarketCurrency(t *testing.T) {
	for _, test := range []struct {
		market Market
		want   Currency
		valid  bool
	}{
		{LT, EUR, true},
		{AU, AUD, true},
		{GB, GBP, true},
		{US, USD, true},
		{"DE", "", false}, // a country, not a market: MarketForCountry maps it
		{"lt", "", false},
	} {
		if got := test.market.Currency(); got != test.want || test.market.Valid() != test.valid {
			t.Errorf("Market(%q).Currency() = %q, valid %v; want %q, valid %v",
				test.market, got, test.market.Valid(), test.want, test.valid)
		}
	}
}

func TestCurrencyInfo(t *testing.T) {
	type lookup struct {
		symbol                       string
		minorDigits, convertedDigits int
		decimalComma                 bool
	}
	for _, test := range []struct {
		currency Currency
		want     lookup
	}{
		{EUR, lookup{"€", 2, 0, true}},
		{AUD, lookup{"$", 2, 0, false}},
		{GBP, lookup{"£", 2, 0, false}},
		{USD, lookup{"$", 2, 0, false}},
		{"XTS", lookup{}}, // ISO 4217's code for tests: not on the whitelist, the zero row
		{"eur", lookup{}},
	} {
		info := test.currency.Info()
		got := lookup{info.Symbol, info.MinorDigits, info.ConvertedDigits, info.DecimalComma}
		if got != test.want || (info.Code == test.currency) != test.currency.Valid() {
			t.Errorf("Currency(%q).Info() = %+v, want %+v", test.currency, info, test.want)
		}
	}
}

func TestParseCurrency(t *testing.T) {
	for in, want := range map[string]Currency{"eur": EUR, "AUD": AUD, "gbp": GBP, "USD": USD, "XTS": "", "": "", "EURO": ""} {
		got, ok := ParseCurrency(in)
		if got != want || ok != (want != "") {
			t.Errorf("ParseCurrency(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func TestCurrencyNames(t *testing.T) {
	if got := CurrencyNames(); got != "EUR, AUD, GBP, USD" {
		t.Errorf("CurrencyNames() = %q", got)
	}
}

// The fallback: an unknown country shops in the default market, whose
// currency is the default currency.
func TestDefaults(t *testing.T) {
	if !DefaultMarket.Valid() || DefaultMarket.Currency() != DefaultCurrency {
		t.Errorf("the default market %s sells in %q; want a market of the table selling in the default currency %s",
			DefaultMarket, DefaultMarket.Currency(), DefaultCurrency)
	}
}

// TestTableRows holds what code and the generated TypeScript assume of every
// row, so that a new row cannot break them silently.
func TestTableRows(t *testing.T) {
	code, country := regexp.MustCompile(`^[A-Z]{3}$`), regexp.MustCompile(`^[A-Z]{2}$`)
	for i, row := range currencyTable {
		if !code.MatchString(string(row.Code)) || slices.Index(Currencies, row.Code) != i {
			t.Errorf("currency %q: want three capital letters, listed once", row.Code)
		}
		if row.Symbol == "" {
			t.Errorf("%s has no symbol", row.Code)
		}
		// Amount does not know its currency, so every currency must have its
		// decimal places.
		if row.MinorDigits != minorDigits {
			t.Errorf("%s has %d minor digits; amounts have %d", row.Code, row.MinorDigits, minorDigits)
		}
		if row.ConvertedDigits < 0 || row.ConvertedDigits > row.MinorDigits {
			t.Errorf("%s keeps %d decimal places of a converted price; want 0 to %d", row.Code, row.ConvertedDigits, row.MinorDigits)
		}
		// Rates are quoted per euro, so the euro's own sample rate is 1.
		if row.SampleRate <= 0 || (row.Code == EUR && row.SampleRate != 1) {
			t.Errorf("%s has the sample rate %v; want a positive one, 1 for the euro", row.Code, row.SampleRate)
		}
		// The plausible band holds the sample rate with room to move both
		// ways; the euro's is the euro.
		if !(row.MinPerEUR <= row.SampleRate/1.5 && row.SampleRate*1.5 <= row.MaxPerEUR) && row.Code != EUR ||
			row.Code == EUR && (row.MinPerEUR != 1 || row.MaxPerEUR != 1) {
			t.Errorf("%s has the band %v to %v per euro around the sample rate %v; want room of a factor 1.5 at least either way, exactly 1 for the euro",
				row.Code, row.MinPerEUR, row.MaxPerEUR, row.SampleRate)
		}
	}
	for i, row := range marketTable {
		if !country.MatchString(string(row.Country)) || slices.Index(Markets, row.Country) != i {
			t.Errorf("market %q: want two capital letters, listed once", row.Country)
		}
		if !row.Currency.Valid() {
			t.Errorf("market %s sells in %q, which is not on the whitelist", row.Country, row.Currency)
		}
	}
}
