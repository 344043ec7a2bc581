package demo

import (
	"maps"
	"testing"

	"knitfront/internal/money"
)

func TestPricePointAmounts(t *testing.T) {
	withFranc := []money.CurrencyInfo{
		money.EUR.Info(), money.AUD.Info(), money.GBP.Info(), money.USD.Info(),
		{Code: "CHF", Symbol: "CHF", MinorDigits: 2, SampleRate: 0.93},
	}
	for _, test := range []struct {
		name  string
		point pricePoint
		table []money.CurrencyInfo
		want  map[money.Currency]money.Amount
	}{
		{"the table's currencies, as listed", pricePoint{129, 215, 115, 139}, []money.CurrencyInfo{money.EUR.Info(), money.AUD.Info(), money.GBP.Info(), money.USD.Info()},
			map[money.Currency]money.Amount{"EUR": 12900, "AUD": 21500, "GBP": 11500, "USD": 13900}},
		{"a currency the points do not list: the euro amount at its sample rate, whole", pricePoint{129, 215, 115, 139}, withFranc,
			map[money.Currency]money.Amount{"EUR": 12900, "AUD": 21500, "GBP": 11500, "USD": 13900, "CHF": 12000}},
		{"a listed currency the table no longer has is left out", pricePoint{5, 8, 4, 5}, []money.CurrencyInfo{money.EUR.Info()},
			map[money.Currency]money.Amount{"EUR": 500}},
		{"no price", nil, withFranc, nil},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := test.point.amountsIn(test.table); !maps.Equal(got, test.want) {
				t.Errorf("%v in %d currencies = %v, want %v", test.point, len(test.table), got, test.want)
			}
		})
	}
}

func TestAPricePointMissingAnAmountPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a point of three amounts did not panic")
		}
	}()
	pricePoint{129, 215, 115}.perCurrency()
}
