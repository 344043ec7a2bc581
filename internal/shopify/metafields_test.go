package shopify

import (
	"reflect"
	"testing"
	"time"

	"knitfront/internal/money"
	"knitfront/internal/pricing"
)

func TestThemeMetafields(t *testing.T) {
	ends := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	discounts := map[int64]map[money.Currency]pricing.ThemeDiscount{
		12: {},
		11: {
			money.EUR: {Price: 3500, Amount: 525, Percentage: 15, Title: "Mitten season"},
			money.AUD: {Price: 6000, Amount: 900, Percentage: 15, Title: "Mitten season", EndsAt: ends},
		},
	}
	rates := &ThemeRates{
		Date:  time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC),
		Rates: map[money.Currency]map[money.Currency]float64{money.EUR: {money.EUR: 1, money.AUD: 1.7826}},
	}
	shop := "gid://shopify/Shop/1"
	for _, test := range []struct {
		name  string
		rates *ThemeRates
		want  []Metafield
	}{
		{"each variant by id, its discounts by currency, the rates last", rates, []Metafield{
			{OwnerID: "gid://shopify/ProductVariant/11", Namespace: "knitfront", Key: "discounts", Type: "json",
				Value: `{"AUD":{"price":6000,"amount":900,"percentage":15,"title":"Mitten season","ends_at":"2026-12-01T00:00:00Z"},` +
					`"EUR":{"price":3500,"amount":525,"percentage":15,"title":"Mitten season"}}`},
			{OwnerID: "gid://shopify/ProductVariant/12", Namespace: "knitfront", Key: "discounts", Type: "json", Value: `{}`},
			{OwnerID: shop, Namespace: "knitfront", Key: "rates", Type: "json",
				Value: `{"date":"2026-11-26","rates":{"EUR":{"AUD":1.7826,"EUR":1}}}`},
		}},
		{"rates that go stale: when", &ThemeRates{Date: rates.Date, Rates: rates.Rates, StaleAt: rates.Date.Add(6 * 24 * time.Hour)}, []Metafield{
			{OwnerID: "gid://shopify/ProductVariant/11", Namespace: "knitfront", Key: "discounts", Type: "json",
				Value: `{"AUD":{"price":6000,"amount":900,"percentage":15,"title":"Mitten season","ends_at":"2026-12-01T00:00:00Z"},` +
					`"EUR":{"price":3500,"amount":525,"percentage":15,"title":"Mitten season"}}`},
			{OwnerID: "gid://shopify/ProductVariant/12", Namespace: "knitfront", Key: "discounts", Type: "json", Value: `{}`},
			{OwnerID: shop, Namespace: "knitfront", Key: "rates", Type: "json",
				Value: `{"date":"2026-11-26","rates":{"EUR":{"AUD":1.7826,"EUR":1}},"stale_at":"2026-12-02T00:00:00Z"}`},
		}},
		{"no rates known: no rates metafield", nil, []Metafield{
			{OwnerID: "gid://shopify/ProductVariant/11", Namespace: "knitfront", Key: "discounts", Type: "json",
				Value: `{"AUD":{"price":6000,"amount":900,"percentage":15,"title":"Mitten season","ends_at":"2026-12-01T00:00:00Z"},` +
					`"EUR":{"price":3500,"amount":525,"percentage":15,"title":"Mitten season"}}`},
			{OwnerID: "gid://shopify/ProductVariant/12", Namespace: "knitfront", Key: "discounts", Type: "json", Value: `{}`},
		}},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := ThemeMetafields(shop, discounts, test.rates); !reflect.DeepEqual(got, test.want) {
				t.Errorf("ThemeMetafields() =\n%+v\nwant\n%+v", got, test.want)
			}
		})
	}
}

func TestUnwritten(t *testing.T) {
	a := Metafield{OwnerID: "gid://shopify/ProductVariant/1", Namespace: "knitfront", Key: "discounts", Value: `{}`}
	b := Metafield{OwnerID: "gid://shopify/ProductVariant/2", Namespace: "knitfront", Key: "discounts", Value: `{"EUR":{}}`}
	for _, test := range []struct {
		name    string
		written map[string]string
		want    []Metafield
	}{
		{"nothing written yet: all", map[string]string{}, []Metafield{a, b}},
		{"the same values written: none", map[string]string{a.metafieldID(): `{}`, b.metafieldID(): `{"EUR":{}}`}, nil},
		{"a value changed: that one", map[string]string{a.metafieldID(): `{"EUR":{}}`, b.metafieldID(): `{"EUR":{}}`}, []Metafield{a}},
		{"another owner's key is another metafield", map[string]string{"gid://shopify/ProductVariant/9|knitfront|discounts": `{}`}, []Metafield{a, b}},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := unwritten([]Metafield{a, b}, test.written); !reflect.DeepEqual(got, test.want) {
				t.Errorf("unwritten() = %+v, want %+v", got, test.want)
			}
		})
	}
}
