package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestDiscountAnswers(t *testing.T) {
	s := newTestServer(t)
	for _, test := range []struct {
		name, url, want string
	}{
		{"a discounted variant", "/api/automatic-discount/LT/" + hatVariant,
			`{"amount":4.5,"currency":"EUR","percentage":10,"title":"Hats 10%"}`},
		{"lower-case market", "/api/automatic-discount/lt/" + hatVariant,
			`{"amount":4.5,"currency":"EUR","percentage":10,"title":"Hats 10%"}`},
		{"a country without a market of its own shops in LT", "/api/automatic-discount/DE/" + hatVariant,
			`{"amount":4.5,"currency":"EUR","percentage":10,"title":"Hats 10%"}`},
		{"another market's currency", "/api/automatic-discount/AU/" + hatVariant,
			`{"amount":9,"currency":"AUD","percentage":10,"title":"Hats 10%"}`},
		{"the best rule wins in the US", "/api/automatic-discount/US/" + hatVariant,
			`{"amount":4.5,"currency":"USD","percentage":10,"title":"Hats 10%"}`},
		{"no discount", "/api/automatic-discount/LT/" + plainVariant, `{"amount":0}`},
		{"a market-limited rule", "/api/automatic-discount/US/" + plainVariant,
			`{"amount":4.5,"currency":"USD","percentage":5,"title":"US 5%"}`},
		{"a product: its cheapest variant", "/api/automatic-discount/product/LT/" + hatProduct,
			`{"amount":4.5,"currency":"EUR","percentage":10,"title":"Hats 10%"}`},
		{"a batch", "/api/automatic-discounts?market=LT&variants=" + hatVariant + "," + plainVariant + "," + unknownVariant,
			`{"discounts":{"45000000000011":{"amount":4.5,"currency":"EUR","percentage":10,"title":"Hats 10%"},"45000000000021":{"amount":0}}}`},
		{"a batch of products: each its cheapest variant's", "/api/automatic-discounts?market=LT&products=" + hatProduct + "," + plainProduct + ",8999999999999",
			`{"discounts":{"8000000000001":{"amount":4.5,"currency":"EUR","percentage":10,"title":"Hats 10%"},"8000000000002":{"amount":0}}}`},
	} {
		t.Run(test.name, func(t *testing.T) {
			resp := s.get(t, test.url)
			if got := strings.TrimSpace(body(t, resp)); resp.StatusCode != http.StatusOK || got != test.want {
				t.Errorf("GET %s = %d %s\nwant 200 %s", test.url, resp.StatusCode, got, test.want)
			}
			if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=60" {
				t.Errorf("Cache-Control = %q", cc)
			}
			if resp.Header.Get("Access-Control-Allow-Origin") != "*" {
				t.Errorf("a public GET must be readable from the shop's origin; Access-Control-Allow-Origin = %q",
					resp.Header.Get("Access-Control-Allow-Origin"))
			}
		})
	}
}

func TestDiscountConditionalRequests(t *testing.T) {
	s := newTestServer(t)
	url := "/api/automatic-discount/LT/" + hatVariant
	first := s.get(t, url)
	etag := first.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	if again := s.get(t, url, "If-None-Match: "+etag); again.StatusCode != http.StatusNotModified || body(t, again) != "" {
		t.Errorf("a matching If-None-Match got %d, want 304 with no body", again.StatusCode)
	}
	if weak := s.get(t, url, `If-None-Match: "x", W/`+etag); weak.StatusCode != http.StatusNotModified {
		t.Errorf("a weak match in a list got %d, want 304", weak.StatusCode)
	}
	if other := s.get(t, url, `If-None-Match: "stale"`); other.StatusCode != http.StatusOK {
		t.Errorf("a stale ETag got %d, want 200", other.StatusCode)
	}
	if s.get(t, "/api/automatic-discount/LT/"+plainVariant).Header.Get("ETag") == etag {
		t.Error("two different answers share an ETag")
	}
}

func TestDiscountBadInput(t *testing.T) {
	s := newTestServer(t)
	ids := func(n int, dup bool) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = fmt.Sprint(45000000000000 + i)
		}
		if dup {
			parts[n-1] = parts[0]
		}
		return strings.Join(parts, ",")
	}
	for _, test := range []struct {
		name, method, url string
		status            int
		code              string
	}{
		{"non-numeric variant id", "GET", "/api/automatic-discount/LT/abc", 400, "invalid_id"},
		{"Shopify gid instead of a number", "GET", "/api/automatic-discount/LT/gid:%2F%2Fshopify%2FProductVariant%2F1", 400, "invalid_id"},
		{"negative id", "GET", "/api/automatic-discount/LT/-5", 400, "invalid_id"},
		{"zero id", "GET", "/api/automatic-discount/LT/0", 400, "invalid_id"},
		{"overlong id", "GET", "/api/automatic-discount/LT/12345678901234567890", 400, "invalid_id"},
		{"id beyond 64 bits", "GET", "/api/automatic-discount/LT/9999999999999999999", 400, "invalid_id"},
		{"market of three letters", "GET", "/api/automatic-discount/LTU/" + hatVariant, 400, "invalid_market"},
		{"market with a digit", "GET", "/api/automatic-discount/L1/" + hatVariant, 400, "invalid_market"},
		{"'product' without a product id", "GET", "/api/automatic-discount/product/US", 400, "invalid_market"},
		{"non-numeric product id", "GET", "/api/automatic-discount/product/LT/hat", 400, "invalid_id"},
		{"product with a bad market", "GET", "/api/automatic-discount/product/XXX/" + hatProduct, 400, "invalid_market"},
		{"unknown variant", "GET", "/api/automatic-discount/LT/" + unknownVariant, 404, "unknown_variant"},
		{"unknown product", "GET", "/api/automatic-discount/product/LT/8999999999999", 404, "unknown_product"},
		{"batch without market", "GET", "/api/automatic-discounts?variants=" + hatVariant, 400, "invalid_market"},
		{"batch without variants", "GET", "/api/automatic-discounts?market=LT", 400, "invalid_variants"},
		{"batch with an empty id", "GET", "/api/automatic-discounts?market=LT&variants=" + hatVariant + ",", 400, "invalid_id"},
		{"batch of 251 ids", "GET", "/api/automatic-discounts?market=LT&variants=" + ids(251, false), 400, "too_many_ids"},
		{"batch with a duplicate id", "GET", "/api/automatic-discounts?market=LT&variants=" + ids(10, true), 400, "duplicate_id"},
		{"batch without products", "GET", "/api/automatic-discounts?market=LT&products=", 400, "invalid_products"},
		{"batch of variants and products", "GET", "/api/automatic-discounts?market=LT&variants=" + hatVariant + "&products=" + hatProduct, 400, "invalid_ids"},
		{"batch with a bad product id", "GET", "/api/automatic-discounts?market=LT&products=12x", 400, "invalid_id"},
		{"huge query string", "GET", "/api/automatic-discounts?market=LT&variants=" + strings.Repeat("1", 20_000), 414, "uri_too_long"},
		{"unknown path under /api", "GET", "/api/no-such-thing", 404, "not_found"},
		{"too many segments", "GET", "/api/automatic-discount/LT/1/2", 404, "not_found"},
		{"POST to a GET endpoint", "POST", "/api/automatic-discount/LT/" + hatVariant, 405, "method_not_allowed"},
		{"DELETE on the batch", "DELETE", "/api/automatic-discounts?market=LT&variants=1", 405, "method_not_allowed"},
		{"unknown path outside /api", "GET", "/wp-login.php", 404, "not_found"},
	} {
		t.Run(test.name, func(t *testing.T) {
			before := s.prices.Calls()
			resp := s.do(t, httptest.NewRequest(test.method, test.url, nil))
			got := body(t, resp)
			want := fmt.Sprintf(`{"error":{"code":%q,`, test.code)
			if resp.StatusCode != test.status || !strings.HasPrefix(got, want) {
				t.Errorf("%s %.120s = %d %s\nwant %d with code %s", test.method, test.url, resp.StatusCode, got, test.status, test.code)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			if test.status == 405 && resp.Header.Get("Allow") == "" {
				t.Error("405 without an Allow header")
			}
			if test.status == 400 || test.status == 414 || test.status == 405 {
				if calls := s.prices.Calls() - before; calls != 0 {
					t.Errorf("bad input reached the price model %d times", calls)
				}
			}
		})
	}
}

func TestDiscountDatabaseDownIs503(t *testing.T) {
	s := newTestServer(t)
	s.db.Close()
	resp := s.get(t, "/api/automatic-discount/LT/"+hatVariant)
	if got := body(t, resp); resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(got, `"code":"discounts_unavailable"`) {
		t.Errorf("with the database closed: %d %s; want 503 discounts_unavailable", resp.StatusCode, got)
	}
}
