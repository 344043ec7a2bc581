package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

type priceTableJSON struct {
	BuiltAt time.Time `json:"built_at"`
	Markets map[string]struct {
		Currency string                        `json:"currency"`
		Variants map[string]map[string]float64 `json:"variants"`
	} `json:"markets"`
}

func getPriceTable(t *testing.T, s *testServer, headers ...string) (*http.Response, priceTableJSON) {
	t.Helper()
	resp := s.get(t, "/api/products/cache-prices", headers...)
	var table priceTableJSON
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal([]byte(body(t, resp)), &table); err != nil {
			t.Fatal(err)
		}
	}
	return resp, table
}

func TestCachePrices(t *testing.T) {
	s := newTestServer(t)
	resp, table := getPriceTable(t, s)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET = %d", resp.StatusCode)
	}
	if resp.Header.Get("Cache-Control") != "public, max-age=60" || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("Cache-Control %q, Access-Control-Allow-Origin %q", resp.Header.Get("Cache-Control"), resp.Header.Get("Access-Control-Allow-Origin"))
	}
	if time.Since(table.BuiltAt) > time.Minute {
		t.Errorf("built_at = %v", table.BuiltAt)
	}
	for market, currency := range map[string]string{"LT": "EUR", "AU": "AUD", "GB": "GBP", "US": "USD"} {
		if got := table.Markets[market]; got.Currency != currency || len(got.Variants) != 3 {
			t.Errorf("market %s: %s with %d variants, want %s with 3", market, got.Currency, len(got.Variants), currency)
		}
	}
	for _, test := range []struct {
		name, market, variant string
		want                  map[string]float64
	}{
		{"hats 10 % off", "LT", hatVariant, map[string]float64{"price": 45, "discounted_price": 40.5}},
		{"the same in AUD", "AU", hatVariant, map[string]float64{"price": 90, "discounted_price": 81}},
		{"no discount", "LT", plainVariant, map[string]float64{"price": 90, "discounted_price": 90}},
		{"the US-only 5 %", "US", plainVariant, map[string]float64{"price": 90, "discounted_price": 85.5}},
	} {
		t.Run(test.name, func(t *testing.T) {
			got := table.Markets[test.market].Variants[test.variant]
			if len(got) != len(test.want) || got["price"] != test.want["price"] || got["discounted_price"] != test.want["discounted_price"] {
				t.Errorf("%s in %s = %v, want %v", test.variant, test.market, got, test.want)
			}
		})
	}
	// The discounted price agrees with the discount endpoint, for every variant.
	for _, variant := range []string{hatVariant, "45000000000012", plainVariant} {
		for _, market := range []string{"LT", "AU", "GB", "US"} {
			var d struct{ Amount float64 }
			if err := json.Unmarshal([]byte(body(t, s.get(t, "/api/automatic-discount/"+market+"/"+variant))), &d); err != nil {
				t.Fatal(err)
			}
			p := table.Markets[market].Variants[variant]
			if p["price"]-d.Amount != p["discounted_price"] {
				t.Errorf("%s in %s: price %v less discount %v is not the table's %v", variant, market, p["price"], d.Amount, p["discounted_price"])
			}
		}
	}
}

func TestCachePricesConditionalAndInvalidate(t *testing.T) {
	s := newTestServer(t)
	first, _ := getPriceTable(t, s)
	etag := first.Header.Get("ETag")
	if again, _ := getPriceTable(t, s, "If-None-Match: "+etag); again.StatusCode != http.StatusNotModified {
		t.Errorf("a matching If-None-Match got %d, want 304", again.StatusCode)
	}

	// A new catalogue: the sweater costs 100.00 now.
	doc := testCatalogue()
	doc.Products[1].Variants[0].Prices = prices(10000)
	if _, err := s.db.Import(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
	if resp, _ := getPriceTable(t, s, "If-None-Match: "+etag); resp.StatusCode != http.StatusNotModified {
		t.Errorf("before Invalidate the cached table changed: %d", resp.StatusCode)
	}
	s.prices.Invalidate()
	resp, table := getPriceTable(t, s, "If-None-Match: "+etag)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("ETag") == etag {
		t.Fatalf("after Invalidate: %d with ETag %q (was %q), want 200 with a new one", resp.StatusCode, resp.Header.Get("ETag"), etag)
	}
	if got := table.Markets["LT"].Variants[plainVariant]["price"]; got != 100 {
		t.Errorf("after Invalidate the sweater costs %v, want 100", got)
	}
}

func TestCachePricesDatabaseDownIs503(t *testing.T) {
	s := newTestServer(t)
	s.db.Close()
	resp := s.get(t, "/api/products/cache-prices")
	if got := body(t, resp); resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(got, `"code":"prices_unavailable"`) {
		t.Errorf("with the database closed: %d %s; want 503 prices_unavailable", resp.StatusCode, got)
	}
}

func TestAvailableVariantIDs(t *testing.T) {
	s := newTestServer(t)
	doc := testCatalogue()
	doc.Products[0].Variants[1].Inventory = 0 // the rust hat sold out
	doc.Products[1].Variants[0].Inventory = 0 // the sweater: none left, open for pre-order
	doc.Products[1].Variants[0].Preorder = true
	if _, err := s.db.Import(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
	resp := s.get(t, "/api/products/get-available-variant-ids")
	if got := strings.TrimSpace(body(t, resp)); resp.StatusCode != http.StatusOK || got != `{"variant_ids":[45000000000011,45000000000021]}` {
		t.Errorf("GET = %d %s", resp.StatusCode, got)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=30" {
		t.Errorf("Cache-Control = %q", cc)
	}
	if again := s.get(t, "/api/products/get-available-variant-ids", "If-None-Match: "+resp.Header.Get("ETag")); again.StatusCode != http.StatusNotModified {
		t.Errorf("a matching If-None-Match got %d, want 304", again.StatusCode)
	}
}

func TestAvailableVariantIDsDatabaseDownIs503(t *testing.T) {
	s := newTestServer(t)
	s.db.Close()
	resp := s.get(t, "/api/products/get-available-variant-ids")
	if got := body(t, resp); resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(got, `"code":"catalogue_unavailable"`) {
		t.Errorf("with the database closed: %d %s; want 503 catalogue_unavailable", resp.StatusCode, got)
	}
}

// Every price answer reads the one price model: until it drops its table,
// all of them give the old catalogue's figures, and after, all the new one's.
func TestAnswersChangeTogether(t *testing.T) {
	s := newTestServer(t)
	answers := func() []string {
		var got []string
		for _, url := range []string{
			"/api/automatic-discount/LT/" + hatVariant,
			"/api/automatic-discount/product/LT/" + hatProduct,
			"/api/automatic-discounts?market=LT&variants=" + hatVariant,
			"/api/products/get-available-variant-ids",
		} {
			got = append(got, strings.TrimSpace(body(t, s.get(t, url))))
		}
		_, table := getPriceTable(t, s)
		return append(got, fmt.Sprint(table.Markets["LT"].Variants[hatVariant]))
	}
	before := answers()

	// A new catalogue: the oat hat costs 50.00, the rust hat is sold out.
	doc := testCatalogue()
	doc.Products[0].Variants[0].Prices = prices(5000)
	doc.Products[0].Variants[1].Inventory = 0
	if _, err := s.db.Import(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
	if got := answers(); !slices.Equal(got, before) {
		t.Errorf("before the model dropped its table the answers changed:\n%q\nwant\n%q", got, before)
	}
	s.prices.Invalidate()
	after := `{"amount":5,"currency":"EUR","percentage":10,"title":"Hats 10%"}`
	want := []string{after, after, `{"discounts":{"` + hatVariant + `":` + after + `}}`,
		`{"variant_ids":[45000000000011,45000000000021]}`, "map[discounted_price:45 price:50]"}
	if got := answers(); !slices.Equal(got, want) {
		t.Errorf("after the model dropped its table:\n%q\nwant\n%q", got, want)
	}
}
