package storefront

import (
	"os"
	"strings"
	"testing"

	"knitfront/internal/money"
)

// TestKnitfrontMoneyPrintsAsTheWidgets checks the theme's money snippet
// against what the widgets' formatMoney prints (the currency's narrow symbol,
// no fraction digits, Intl's half-up rounding and en grouping).
func TestKnitfrontMoneyPrintsAsTheWidgets(t *testing.T) {
	for _, dir := range []string{"../../theme/snippets", "../../extensions/knitfront/snippets"} {
		snippet, err := os.ReadFile(dir + "/knitfront-money.liquid")
		if err != nil {
			t.Fatal(err)
		}
		for _, test := range []struct {
			amount int64
			symbol string
			want   string
		}{
			{2975, "€", "€30"},
			{2949, "€", "€29"},
			{2950, "€", "€30"},
			{3500, "£", "£35"},
			{0, "$", "$0"},
			{99949, "$", "$999"},
			{99950, "$", "$1,000"},
			{123400, "$", "$1,234"},
			{100000000, "$", "$1,000,000"},
			{123456789, "€", "€1,234,568"},
		} {
			got := renderTestPage(t, map[string]string{
				"sections/main.liquid":            `{% render 'knitfront-money', amount: amount, symbol: symbol %}`,
				"snippets/knitfront-money.liquid": string(snippet),
			}, money.EUR, map[string]any{"amount": test.amount, "symbol": test.symbol})
			if !strings.Contains(got, ">"+test.want+"<") {
				t.Errorf("%s: knitfront-money of %d %s = %q, want %q", dir, test.amount, test.symbol, got, test.want)
			}
		}
	}
}

// TestAppExtensionPricePrintsTheFinalPrice renders the app extension's price
// snippet, which a theme without knitfront's snippets shows through the
// app's price block, from a variant's knitfront metafield and the shop's
// rates: the final price in the market's currency and converted into each
// other currency of the shop, each figure marked with its currency and its
// money text.
func TestAppExtensionPricePrintsTheFinalPrice(t *testing.T) {
	files := map[string]string{
		"sections/main.liquid":    `{% render 'knitfront-price', variant: variant, product: product %}`,
		"locales/en.default.json": `{"price": {"regular_price": "Regular price", "sale_price": "Sale price"}, "discount_badge": {"percent_off": "-{{ percent }}% off"}}`,
	}
	for _, name := range []string{"knitfront-price", "knitfront-price-figure", "knitfront-discount-now", "knitfront-money"} {
		b, err := os.ReadFile("../../extensions/knitfront/snippets/" + name + ".liquid")
		if err != nil {
			t.Fatal(err)
		}
		files["snippets/"+name+".liquid"] = string(b)
	}
	variant := &variantObject{ID: 11, Price: 3500, Metafields: map[string]map[string]*metafield{}}
	addMetafields(variant.Metafields, func(namespace, key string) (string, string, bool) {
		if key != "discounts" {
			return "", "", false
		}
		return "json", `{"EUR":{"price":3500,"amount":525,"percentage":15,"title":"Mitten season"}}`, true
	})
	shop := &shopObject{Metafields: map[string]map[string]*metafield{},
		EnabledCurrencies: []*currencyObject{newCurrencyObject(money.EUR), newCurrencyObject(money.USD)}}
	addMetafields(shop.Metafields, func(namespace, key string) (string, string, bool) {
		if key != "rates" {
			return "", "", false
		}
		return "json", `{"rates":{"EUR":{"EUR":1,"USD":1.08}},"stale_at":null}`, true
	})
	lt := &countryObject{ISOCode: "LT", Name: "Lithuania", Currency: newCurrencyObject(money.EUR)}
	got := renderTestPage(t, files, money.EUR, map[string]any{
		"variant": variant, "product": &productObject{ID: 1}, "shop": shop,
		"localization": &localizationObject{Country: lt},
	})
	for _, want := range []string{`data-final-minor="2975"`, `data-discount-minor="525"`, `data-discount-percentage="15"`,
		`data-kf-money="€30" data-kf-market>`, `Regular price</span>€35</s>`, `Sale price</span>€30</span>`,
		`data-kf-currency="USD"`, `data-kf-money="$32">`, `Regular price</span>$38</s>`, `Sale price</span>$32</span>`, `-15% off`} {
		if !strings.Contains(got, want) {
			t.Errorf("the extension's price lacks %q:\n%s", want, got)
		}
	}
}
