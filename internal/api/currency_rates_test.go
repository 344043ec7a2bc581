package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"knitfront/internal/api"
	"knitfront/internal/money"
	"knitfront/internal/rates"
)

// storeRates saves the embedded snapshot (2026-11-20: AUD 1.7826, GBP 0.8785,
// USD 1.1535 per EUR) as the last known rates.
func storeRates(t *testing.T, s *testServer) {
	t.Helper()
	if err := s.db.SaveRates(context.Background(), rates.Snapshot()); err != nil {
		t.Fatal(err)
	}
}

func TestCurrencyRates(t *testing.T) {
	s := newTestServer(t)
	storeRates(t, s)
	for _, test := range []struct {
		name, url, want string
	}{
		{"per euro: the feed's own numbers", "/api/currency-rates/EUR", `{"AUD":1.7826,"EUR":1,"GBP":0.8785,"USD":1.1535}`},
		{"per pound, in lower case", "/api/currency-rates/gbp", `{"AUD":2.02914,"EUR":1.1383,"GBP":1,"USD":1.31303}`},
		{"per Australian dollar", "/api/currency-rates/AUD", `{"AUD":1,"EUR":0.560978,"GBP":0.492819,"USD":0.647089}`},
		{"per US dollar, in mixed case", "/api/currency-rates/Usd", `{"AUD":1.54538,"EUR":0.866927,"GBP":0.761595,"USD":1}`},
	} {
		t.Run(test.name, func(t *testing.T) {
			resp := s.get(t, test.url)
			if got := strings.TrimSpace(body(t, resp)); resp.StatusCode != http.StatusOK || got != test.want {
				t.Errorf("GET %s = %d %s\nwant 200 %s", test.url, resp.StatusCode, got, test.want)
			}
			for name, want := range map[string]string{
				"X-Rates-Date":                  "2026-11-20",
				"X-Rates-Source":                "demo",
				"X-Rates-Stale":                 "",
				"Cache-Control":                 "public, max-age=300",
				"Access-Control-Allow-Origin":   "*",
				"Access-Control-Expose-Headers": "X-Rates-Date, X-Rates-Source, X-Rates-Stale",
			} {
				if got := resp.Header.Get(name); got != want {
					t.Errorf("%s = %q, want %q", name, got, want)
				}
			}
		})
	}
}

func TestCurrencyRatesConditionalRequests(t *testing.T) {
	s := newTestServer(t)
	storeRates(t, s)
	first := s.get(t, "/api/currency-rates/EUR")
	etag := first.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	again := s.get(t, "/api/currency-rates/EUR", "If-None-Match: "+etag)
	if again.StatusCode != http.StatusNotModified || again.Header.Get("X-Rates-Date") != "2026-11-20" {
		t.Errorf("a matching If-None-Match got %d with X-Rates-Date %q, want 304 with the headers",
			again.StatusCode, again.Header.Get("X-Rates-Date"))
	}
	if s.get(t, "/api/currency-rates/USD").Header.Get("ETag") == etag {
		t.Error("two bases share an ETag")
	}
}

func TestCurrencyRatesBadInput(t *testing.T) {
	s := newTestServer(t)
	storeRates(t, s)
	for _, test := range []struct {
		name, method, url string
		status            int
		code              string
	}{
		{"a currency outside the whitelist", "GET", "/api/currency-rates/CHF", 400, "invalid_currency"},
		{"a longer word", "GET", "/api/currency-rates/EURO", 400, "invalid_currency"},
		{"a number", "GET", "/api/currency-rates/978", 400, "invalid_currency"},
		{"spaces around", "GET", "/api/currency-rates/%20EUR%20", 400, "invalid_currency"},
		{"a very long name", "GET", "/api/currency-rates/" + strings.Repeat("X", 500), 400, "invalid_currency"},
		{"no currency", "GET", "/api/currency-rates/", 404, "not_found"},
		{"a further segment", "GET", "/api/currency-rates/EUR/USD", 404, "not_found"},
		{"POST", "POST", "/api/currency-rates/EUR", 405, "method_not_allowed"},
	} {
		t.Run(test.name, func(t *testing.T) {
			resp := s.do(t, httptest.NewRequest(test.method, test.url, nil))
			got := body(t, resp)
			if resp.StatusCode != test.status || !strings.HasPrefix(got, fmt.Sprintf(`{"error":{"code":%q,`, test.code)) {
				t.Errorf("%s %.60s = %d %s\nwant %d %s", test.method, test.url, resp.StatusCode, got, test.status, test.code)
			}
			if test.code == "invalid_currency" && !strings.Contains(got, "is not one of EUR, AUD, GBP, USD.") {
				t.Errorf("the message does not name the allowed currencies: %s", got)
			}
		})
	}
}

func TestCurrencyRatesNoneKnownIs503(t *testing.T) {
	s := newTestServer(t)
	resp := s.get(t, "/api/currency-rates/EUR")
	if got := body(t, resp); resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(got, `"code":"rates_unavailable"`) {
		t.Errorf("with no rates known: %d %s; want 503 rates_unavailable", resp.StatusCode, got)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("a 503 carries Cache-Control %q; no cache may keep it", cc)
	}
}

func TestCurrencyRatesStatic(t *testing.T) {
	static, err := rates.ParseStatic(rates.StaticExample)
	if err != nil {
		t.Fatal(err)
	}
	s := newTestServer(t, func(cfg *api.Config) {
		cfg.Rates = rates.NewStatic(static, func() time.Time { return time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC) })
	})
	resp := s.get(t, "/api/currency-rates/EUR")
	if got := strings.TrimSpace(body(t, resp)); got != `{"AUD":1.65,"EUR":1,"GBP":0.86,"USD":1.08}` ||
		resp.Header.Get("X-Rates-Source") != "static" || resp.Header.Get("X-Rates-Date") != "2026-11-23" {
		t.Errorf("static rates: %s, source %q, date %q", got, resp.Header.Get("X-Rates-Source"), resp.Header.Get("X-Rates-Date"))
	}
}

// A failing or hanging feed changes nothing a shopper sees: the same rates,
// marked stale and cached more briefly.
func TestCurrencyRatesSurviveAFailingFeed(t *testing.T) {
	for _, test := range []struct {
		name    string
		handler http.HandlerFunc
	}{
		{"a feed that answers 500", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "internal error", http.StatusInternalServerError)
		}},
		{"a feed that hangs past the timeout", func(w http.ResponseWriter, r *http.Request) {
			<-r.Context().Done()
		}},
		{"a feed that sends half a document", func(w http.ResponseWriter, r *http.Request) {
			_, _ = w.Write([]byte("<?xml version=\"1.0\"?><gesmes:Envelope><Cube><Cube time='2026-11-23'>"))
		}},
	} {
		t.Run(test.name, func(t *testing.T) {
			s := newTestServer(t)
			storeRates(t, s)
			before := s.get(t, "/api/currency-rates/GBP")
			beforeBody := body(t, before)

			feed := httptest.NewServer(test.handler)
			t.Cleanup(feed.Close)
			_, err := s.rates.Refresh(context.Background(), rates.Feed{URL: feed.URL, Timeout: 100 * time.Millisecond})
			if err == nil {
				t.Fatal("the refresh from a broken feed succeeded")
			}

			after := s.get(t, "/api/currency-rates/GBP")
			if got := body(t, after); after.StatusCode != http.StatusOK || got != beforeBody {
				t.Errorf("after the failed refresh: %d %s\nwant 200 %s", after.StatusCode, got, beforeBody)
			}
			if after.Header.Get("X-Rates-Stale") != "true" || after.Header.Get("Cache-Control") != "public, max-age=60" ||
				after.Header.Get("X-Rates-Date") != before.Header.Get("X-Rates-Date") {
				t.Errorf("after the failed refresh: stale %q, Cache-Control %q, date %q",
					after.Header.Get("X-Rates-Stale"), after.Header.Get("Cache-Control"), after.Header.Get("X-Rates-Date"))
			}
		})
	}
}

func TestCurrencyRatesGoStaleWithAge(t *testing.T) {
	s := newTestServer(t)
	// A feed's Friday: the demo rates storeRates keeps never age.
	friday := rates.Snapshot()
	friday.Source = rates.SourceECB
	if err := s.db.SaveRates(context.Background(), friday); err != nil {
		t.Fatal(err)
	}
	s.ratesClock.Set(time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC))
	if resp := s.get(t, "/api/currency-rates/EUR"); resp.Header.Get("X-Rates-Stale") != "" {
		t.Error("Friday's rates are stale six days later")
	}
	s.ratesClock.Set(time.Date(2026, 11, 26, 0, 0, 1, 0, time.UTC))
	if resp := s.get(t, "/api/currency-rates/EUR"); resp.Header.Get("X-Rates-Stale") != "true" {
		t.Error("rates more than six days old are not marked stale")
	}
}

func TestCurrencyRatesDatabaseDown(t *testing.T) {
	s := newTestServer(t)
	storeRates(t, s)
	if resp := s.get(t, "/api/currency-rates/EUR"); resp.StatusCode != http.StatusOK {
		t.Fatalf("GET = %d", resp.StatusCode)
	}
	s.db.Close()
	resp := s.get(t, "/api/currency-rates/EUR")
	var got map[money.Currency]float64
	if err := json.Unmarshal([]byte(body(t, resp)), &got); resp.StatusCode != http.StatusOK || err != nil || got[money.USD] != 1.1535 {
		t.Errorf("with the database closed: %d %v %v; want the rates in memory", resp.StatusCode, got, err)
	}

	empty := newTestServer(t)
	empty.db.Close()
	resp = empty.get(t, "/api/currency-rates/EUR")
	if got := body(t, resp); resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(got, `"code":"rates_unavailable"`) {
		t.Errorf("with the database closed and no rates in memory: %d %s; want 503 rates_unavailable", resp.StatusCode, got)
	}
}

// An implausible feed is refused like a failing one: the rates served stay,
// marked stale. The test server's rates clock reads 2026-11-20.
func TestCurrencyRatesSurviveAnImplausibleFeed(t *testing.T) {
	doc, err := os.ReadFile("../rates/testdata/daily.xml")
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct{ name, day, usd string }{
		{"USD at 0.0001", "2026-11-20", "0.0001"},
		{"USD at 99,999", "2026-11-20", "99999"},
		{"dated 2001", "2001-11-20", "1.1528"},
		{"dated 2099", "2099-11-20", "1.1528"},
	} {
		t.Run(test.name, func(t *testing.T) {
			s := newTestServer(t)
			served := rates.Table{Date: time.Date(2026, 11, 19, 0, 0, 0, 0, time.UTC), Source: rates.SourceECB,
				PerEUR: map[money.Currency]float64{money.AUD: 1.784, money.GBP: 0.8779, money.USD: 1.1528}}
			if err := s.db.SaveRates(context.Background(), served); err != nil {
				t.Fatal(err)
			}
			before := body(t, s.get(t, "/api/currency-rates/EUR"))
			feedDoc := strings.Replace(string(doc), "time='2026-11-19'", "time='"+test.day+"'", 1)
			feedDoc = strings.Replace(feedDoc, "currency='USD' rate='1.1528'", "currency='USD' rate='"+test.usd+"'", 1)
			feed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, feedDoc) }))
			t.Cleanup(feed.Close)
			if _, err := s.rates.Refresh(context.Background(), rates.Feed{URL: feed.URL}); err == nil {
				t.Fatal("the implausible feed was taken")
			}
			after := s.get(t, "/api/currency-rates/EUR")
			if got := body(t, after); got != before || after.Header.Get("X-Rates-Stale") != "true" || after.Header.Get("X-Rates-Date") != "2026-11-19" {
				t.Errorf("after the refusal: %s, stale %q, date %q; want %s, stale, of 2026-11-19", got, after.Header.Get("X-Rates-Stale"), after.Header.Get("X-Rates-Date"), before)
			}
		})
	}
}
