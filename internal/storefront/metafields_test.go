package storefront_test

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"knitfront"
	"knitfront/internal/demo"
	"knitfront/internal/pricing"
	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
	"knitfront/internal/store/storetest"
	"knitfront/internal/storefront"
)

// TestProductPagePrintsTheFinalPriceFromTheMetafields writes the demo's
// theme metafields into the Admin API stand-in as a sync does, and renders
// the product page in each market from them, as Shopify renders a theme from
// the metafields an app wrote: the discounted beanie prints its struck
// price, its final price and its badge before any script runs.
func TestProductPagePrintsTheFinalPriceFromTheMetafields(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, "sqlite:"+demoCopy(t))
	standIn := shopifydev.New(demo.Catalog(), "shpat_dev", func() time.Time { return now })
	admin := httptest.NewServer(standIn)
	t.Cleanup(admin.Close)
	front, err := storefront.New(storefront.Config{
		Store:      db,
		Prices:     pricing.New(db, func() time.Time { return now }),
		Theme:      knitfront.Theme(),
		AssetURL:   func(name string) string { return "/assets/" + name + "?v=test" },
		Now:        func() time.Time { return now },
		Metafields: standIn,
	})
	if err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(front)
	t.Cleanup(server.Close)
	s := &shop{t: t, server: server, client: newClient(t)}

	price := func(handle string) string {
		page := s.get("/products/" + handle)
		return regexp.MustCompile(`(?s)<product-price[^>]*type="ProductDetailsPagePrice".*?</product-price>`).FindString(page.body)
	}
	s.setCountry("LT")
	if before := price("pebble-beanie"); strings.Contains(before, "data-final-minor") {
		t.Fatalf("with no metafields written the page claims a final price: %s", before)
	}

	client, err := shopify.NewClient(admin.URL, shopify.StaticToken("shpat_dev"))
	if err != nil {
		t.Fatal(err)
	}
	shopID, err := client.Metafields().ShopID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rules, err := db.DiscountRules(ctx)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := db.PriceList(ctx)
	if err != nil {
		t.Fatal(err)
	}
	discounts := pricing.ThemeDiscounts(pricing.Build(entries, rules, nil, now), rules)
	if _, err := client.Metafields().Write(ctx, shopify.ThemeMetafields(shopID, discounts, nil)); err != nil {
		t.Fatal(err)
	}

	for _, test := range []struct {
		name, country, handle string
		want, absent          []string
	}{
		// 15 % off 35.00 is 29.75, which the widget shows rounded: €30.
		{"the beanie in LT", "LT", "pebble-beanie", []string{`data-final-minor="2975"`, `data-discount-minor="525"`, `data-discount-percentage="15"`,
			`Regular price</span>€35</s>`, `Sale price</span>€30</span>`, `-15% off`}, nil},
		// The same rule in the US, where the beanie is 39.00: 33.15, shown $33.
		{"the beanie in the US", "US", "pebble-beanie", []string{`data-final-minor="3315"`, `data-discount-minor="585"`,
			`Regular price</span>$39</s>`, `Sale price</span>$33</span>`, `-15% off`}, nil},
		// No automatic discount on the sweater in LT: its price is final as it is.
		{"an undiscounted sweater in LT", "LT", "oat-cable-sweater", []string{`data-final-minor="12900"`,
			`<span class="product-price__amount">€129</span>`}, []string{"data-discount-minor", "% off", "<s "}},
	} {
		t.Run(test.name, func(t *testing.T) {
			s.setCountry(test.country)
			price := price(test.handle)
			for _, want := range test.want {
				if !strings.Contains(price, want) {
					t.Errorf("the price lacks %q:\n%s", want, price)
				}
			}
			for _, absent := range test.absent {
				if strings.Contains(price, absent) {
					t.Errorf("the price holds %q:\n%s", absent, price)
				}
			}
		})
	}

	// A discount whose end has passed is stale: the page does not claim a
	// final price, and leaves it to the widget. One that runs on carries
	// its end for the widget.
	s.setCountry("LT")
	for _, test := range []struct {
		endsAt, want string
	}{
		{"2000-01-01T00:00:00Z", `price_minor="12900"`},
		{"2999-01-01T00:00:00Z", `data-discount-ends-at="2999-01-01T00:00:00Z"`},
	} {
		sweater := shopify.Metafield{OwnerID: "gid://shopify/ProductVariant/" + oatCableXS, Namespace: "knitfront", Key: "discounts", Type: "json",
			Value: `{"EUR":{"price":12900,"amount":1290,"percentage":10,"title":"Ends","ends_at":"` + test.endsAt + `"}}`}
		if _, err := client.Metafields().Write(ctx, []shopify.Metafield{sweater}); err != nil {
			t.Fatal(err)
		}
		got := price("oat-cable-sweater")
		if !strings.Contains(got, test.want) || strings.Contains(got, "data-final-minor") != (test.endsAt > "2026") {
			t.Errorf("a discount ending %s: the price is\n%s", test.endsAt, got)
		}
	}
}
