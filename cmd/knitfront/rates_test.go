package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The test feeds publish the fixture's Thursday; the rates tests run the
// binary on the Saturday after, when that day is still fresh.
const (
	feedDay      = "2026-11-19"
	thisSaturday = "2026-11-21"
)

// saturdayNoon is the clock the rates tests run the binary on.
func saturdayNoon() time.Time { return time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC) }

// feedDocument is the ECB fixture, dated day, with USD at usd per EUR.
func feedDocument(t *testing.T, day, usd string) string {
	t.Helper()
	doc, err := os.ReadFile("../../internal/rates/testdata/daily.xml")
	if err != nil {
		t.Fatal(err)
	}
	dated := strings.Replace(string(doc), "time='2026-11-19'", "time='"+day+"'", 1)
	return strings.Replace(dated, "currency='USD' rate='1.1528'", "currency='USD' rate='"+usd+"'", 1)
}

// serveFeed serves a feed of doc.
func serveFeed(t *testing.T, doc string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, doc) }))
	t.Cleanup(srv.Close)
	return srv.URL + "/eurofxref-daily.xml"
}

// feed serves the ECB fixture dated feedDay, or a 500 while down is set.
func feed(t *testing.T, down bool) string {
	t.Helper()
	doc := feedDocument(t, feedDay, "1.1528")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down {
			http.Error(w, "down", http.StatusInternalServerError)
			return
		}
		_, _ = io.WriteString(w, doc)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/eurofxref-daily.xml"
}

// getRates answers GET /api/currency-rates/{base}: status, body and headers.
func getRates(t *testing.T, addr, base string) (int, string, http.Header) {
	t.Helper()
	resp, err := http.Get(addr + "/api/currency-rates/" + base)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(b)), resp.Header
}

// eventually retries check until it holds, for at most 10 s.
func eventually(t *testing.T, what string, check func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !check(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s did not happen within 10s", what)
		}
	}
}

func TestDevServesRatesOfflineFromAnEmptyDatabase(t *testing.T) {
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "k.db"), "KNITFRONT_ADDR": "127.0.0.1:0"}
	addr, logs, _ := startServerAt(t, saturdayNoon, []string{"dev"}, vars)
	status, body, h := getRates(t, addr, "EUR")
	if status != 200 || body != `{"AUD":1.7826,"EUR":1,"GBP":0.8785,"USD":1.1535}` ||
		h.Get("X-Rates-Source") != "demo" || h.Get("X-Rates-Date") != "2026-11-20" {
		t.Errorf("dev rates: %d %s from %q of %q; want the embedded snapshot", status, body, h.Get("X-Rates-Source"), h.Get("X-Rates-Date"))
	}
	for _, base := range []string{"AUD", "GBP", "USD"} {
		if status, _, _ := getRates(t, addr, base); status != 200 {
			t.Errorf("dev rates per %s: %d", base, status)
		}
	}
	if !strings.Contains(logs.String(), "the currency rates feed is off") {
		t.Errorf("dev did not say that the feed is off:\n%s", logs)
	}
	for _, path := range []string{"/api/products/cache-prices", "/api/products/get-available-variant-ids"} {
		if status := getJSON(t, addr+path, nil); status != 200 {
			t.Errorf("GET %s = %d", path, status)
		}
	}
}

func TestRatesRefreshThenServeThroughAFeedOutage(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "k.db")
	var out bytes.Buffer
	vars := map[string]string{"DATABASE_URL": dbURL, "KNITFRONT_RATES_URL": feed(t, false)}
	if err := runAt(context.Background(), saturdayNoon, []string{"rates", "refresh"}, env(vars), &out, io.Discard); err != nil {
		t.Fatalf("rates refresh: %v", err)
	}
	if want := "stored ecb rates of " + feedDay + ": EUR 1, AUD 1.784, GBP 0.8779, USD 1.1528 (per EUR) from http://"; !strings.HasPrefix(out.String(), want) {
		t.Errorf("rates refresh printed %q, want it to start %q", out.String(), want)
	}

	// Restarted with the feed down, the shop serves the stored rates, stale.
	vars = map[string]string{"DATABASE_URL": dbURL, "KNITFRONT_ADDR": "127.0.0.1:0", "KNITFRONT_RATES_URL": feed(t, true)}
	addr, logs, stop := startServerAt(t, saturdayNoon, []string{"serve"}, vars)
	var h http.Header
	eventually(t, "a stale mark after the failed refresh", func() bool {
		var status int
		var body string
		status, body, h = getRates(t, addr, "EUR")
		if status != 200 || body != `{"AUD":1.784,"EUR":1,"GBP":0.8779,"USD":1.1528}` {
			t.Fatalf("during the outage: %d %s", status, body)
		}
		return h.Get("X-Rates-Stale") == "true"
	})
	if h.Get("X-Rates-Source") != "ecb" || h.Get("X-Rates-Date") != feedDay {
		t.Errorf("during the outage: source %q, date %q", h.Get("X-Rates-Source"), h.Get("X-Rates-Date"))
	}
	if !strings.Contains(logs.String(), "currency rates refresh failed; serving the last known rates") {
		t.Errorf("the failed refresh was not logged:\n%s", logs)
	}
	if err := stop(); err != nil {
		t.Errorf("serve with a refresher stopped with %v", err)
	}
}

func TestServeRefreshesFromTheFeed(t *testing.T) {
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "k.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
		"KNITFRONT_RATES_URL": feed(t, false)}
	addr, _, _ := startServerAt(t, saturdayNoon, []string{"serve"}, vars)
	eventually(t, "the feed's rates served", func() bool {
		status, _, h := getRates(t, addr, "GBP")
		return status == 200 && h.Get("X-Rates-Source") == "ecb" && h.Get("X-Rates-Stale") == ""
	})
}

func TestServeWithoutAnyRatesIs503(t *testing.T) {
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "k.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
		"KNITFRONT_RATES_URL": feed(t, true)}
	addr, logs, _ := startServerAt(t, saturdayNoon, []string{"serve"}, vars)
	eventually(t, "the first refresh", func() bool { return strings.Contains(logs.String(), "currency rates refresh failed") })
	if status, body, _ := getRates(t, addr, "EUR"); status != 503 || !strings.Contains(body, `"code":"rates_unavailable"`) {
		t.Errorf("with no rates known and the feed down: %d %s; want 503 rates_unavailable", status, body)
	}
}

func TestStaticRates(t *testing.T) {
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "k.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
		"KNITFRONT_RATES": "AUD=1.65,GBP=0.86,USD=1.08", "KNITFRONT_RATES_URL": feed(t, true)}
	addr, logs, _ := startServerAt(t, saturdayNoon, []string{"serve"}, vars)
	status, body, h := getRates(t, addr, "EUR")
	if status != 200 || body != `{"AUD":1.65,"EUR":1,"GBP":0.86,"USD":1.08}` || h.Get("X-Rates-Source") != "static" || h.Get("X-Rates-Stale") != "" {
		t.Errorf("static rates: %d %s from %q (stale %q)", status, body, h.Get("X-Rates-Source"), h.Get("X-Rates-Stale"))
	}
	if strings.Contains(logs.String(), "currency rates refresh") {
		t.Errorf("static rates still polled the feed:\n%s", logs)
	}

	var out bytes.Buffer
	if err := runAt(context.Background(), saturdayNoon, []string{"rates", "refresh"}, env(vars), &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), "the feed is not used") {
		t.Errorf("rates refresh with static rates: %v, %q", err, out.String())
	}
}

func TestRatesConfigurationErrors(t *testing.T) {
	for _, test := range []struct {
		name    string
		args    []string
		vars    map[string]string
		wantErr string
	}{
		{"a static table without USD", []string{"serve"}, map[string]string{"KNITFRONT_RATES": "AUD=1.65,GBP=0.86"},
			"--rates (KNITFRONT_RATES): USD is missing"},
		{"a static table with a typo, as a flag", []string{"dev", "--rates", "AUD=1.65,GBP=0,86,USD=1.08"}, nil,
			"--rates (KNITFRONT_RATES): GBP: the rate 0 is not between"},
		{"rates without an action", []string{"rates"}, nil, "rates takes one action: refresh"},
		{"rates with another action", []string{"rates", "fetch"}, nil, "rates takes one action: refresh"},
		{"refresh with an unknown flag", []string{"rates", "refresh", "--force"}, nil, "rates takes one action: refresh"},
		{"a jump limit of nothing", []string{"serve", "--rates-max-jump", "0%"}, nil, "KNITFRONT_RATES_MAX_JUMP"},
		{"a jump limit without a percent sign", []string{"serve", "--rates-max-jump", "20"}, nil, "KNITFRONT_RATES_MAX_JUMP"},
		{"a feed dated 2001", []string{"rates", "refresh"}, map[string]string{"KNITFRONT_RATES_URL": serveFeed(t, feedDocument(t, "2001-01-02", "1.1528"))},
			"more than 14 days before today"},
		{"a feed dated 2099", []string{"rates", "refresh"}, map[string]string{"KNITFRONT_RATES_URL": serveFeed(t, feedDocument(t, "2099-01-02", "1.1528"))},
			"after today"},
		{"a feed that answers 500", []string{"rates", "refresh"}, map[string]string{"KNITFRONT_RATES_URL": feed(t, true)},
			"the feed answered 500 Internal Server Error"},
	} {
		t.Run(test.name, func(t *testing.T) {
			vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "k.db"), "KNITFRONT_ADDR": "127.0.0.1:0"}
			for k, v := range test.vars {
				vars[k] = v
			}
			err := runAt(context.Background(), saturdayNoon, test.args, env(vars), io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), test.wantErr) {
				t.Errorf("run(%q) = %v, want an error containing %q", test.args, err, test.wantErr)
			}
		})
	}
	var stderr bytes.Buffer
	_ = runAt(context.Background(), saturdayNoon, []string{"serve", "--help"}, env(nil), io.Discard, &stderr)
	for _, name := range []string{"KNITFRONT_RATES_URL", "KNITFRONT_RATES)"} {
		if !strings.Contains(stderr.String(), name) {
			t.Errorf("serve --help does not document %s", name)
		}
	}
	if err := runAt(context.Background(), saturdayNoon, []string{"rates"}, env(nil), io.Discard, io.Discard); !errors.Is(err, errUsage) {
		t.Errorf("rates without an action = %v, want a usage error", err)
	}
}

// A feed whose rate jumps is refused, the stored rates stay and are served
// as stale, until rates refresh --accept-jump takes the jump.
func TestARefreshRefusesAJumpUnlessTold(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "k.db")
	refresh := func(usd string, args ...string) (string, error) {
		var out bytes.Buffer
		vars := map[string]string{"DATABASE_URL": dbURL, "KNITFRONT_RATES_URL": serveFeed(t, feedDocument(t, feedDay, usd))}
		err := runAt(context.Background(), saturdayNoon, append([]string{"rates", "refresh"}, args...), env(vars), &out, io.Discard)
		return out.String(), err
	}
	if _, err := refresh("1.1528"); err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct {
		name, usd string
		args      []string
		wantErr   string
	}{
		{"USD at 0.0001", "0.0001", nil, "USD: the rate 0.0001 per EUR is outside 0.54 to 2.16"},
		{"USD at 99999", "99999", nil, "USD: the rate 99999 per EUR is outside 0.54 to 2.16"},
		{"USD up a quarter", "1.441", nil, "USD rate of " + feedDay + " moved from 1.1528 to 1.441"},
		{"USD up 19 %", "1.3718", nil, ""},
		{"USD up 19 % again", "1.6324", nil, "more than 20% from 1.1528, the lowest"},
		{"USD at 2, accepted", "2", []string{"--accept-jump"}, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			out, err := refresh(test.usd, test.args...)
			if test.wantErr == "" {
				if err != nil || !strings.Contains(out, "USD "+test.usd) {
					t.Errorf("refresh = %q, %v; want USD %s stored", out, err, test.usd)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), test.wantErr) {
				t.Errorf("refresh = %v, want an error saying %q", err, test.wantErr)
			}
		})
	}

	// Served by a server whose own refresh meets a jump: the stored rates, stale.
	vars := map[string]string{"DATABASE_URL": dbURL, "KNITFRONT_ADDR": "127.0.0.1:0",
		"KNITFRONT_RATES_URL": serveFeed(t, feedDocument(t, feedDay, "1.5"))}
	addr, logs, _ := startServerAt(t, saturdayNoon, []string{"serve"}, vars)
	eventually(t, "the refused refresh", func() bool {
		return strings.Contains(logs.String(), "moved from 2 to 1.5")
	})
	if status, body, h := getRates(t, addr, "EUR"); status != 200 || !strings.Contains(body, `"USD":2`) || h.Get("X-Rates-Stale") != "true" {
		t.Errorf("after a refused jump: %d %s, stale %q; want the stored rates, stale", status, body, h.Get("X-Rates-Stale"))
	}
}

// An import by another process shows in the price table and the discounts
// within a second, not after the caches' minute: the server watches the
// database for changes.
func TestAnImportByAnotherProcessShowsAtOnce(t *testing.T) {
	dir := t.TempDir()
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(dir, "k.db"), "KNITFRONT_ADDR": "127.0.0.1:0"}
	addr, _, _ := startServerAt(t, saturdayNoon, []string{"dev"}, vars)
	discountURL := addr + "/api/automatic-discount/LT/45123456003501" // pebble-beanie "Oat", 35.00 EUR
	var before struct{ Amount float64 }
	if status := getJSON(t, discountURL, &before); status != 200 || before.Amount != 5.25 {
		t.Fatalf("before: %d %+v", status, before)
	}
	priceOf := func() float64 {
		var table struct {
			Markets map[string]struct {
				Variants map[string]struct {
					Discounted float64 `json:"discounted_price"`
				}
			}
		}
		if status := getJSON(t, addr+"/api/products/cache-prices", &table); status != 200 {
			t.Fatalf("cache-prices: %d", status)
		}
		return table.Markets["LT"].Variants["45123456003501"].Discounted
	}
	if got := priceOf(); got != 29.75 {
		t.Fatalf("discounted price before = %v, want 29.75", got)
	}

	halfOff := filepath.Join(dir, "half-off.json")
	if err := writeFile(halfOff, `{"discounts": [{"id": 1, "title": "Half off", "value_type": "percentage",
		"percentage": 50, "scope": "all", "starts_at": "2025-01-01T00:00:00Z"}]}`); err != nil {
		t.Fatal(err)
	}
	if err := runAt(context.Background(), saturdayNoon, []string{"import", halfOff}, env(vars), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	imported := time.Now()
	eventually(t, "the price table shows the import", func() bool { return priceOf() == 17.5 })
	var after struct{ Amount float64 }
	if getJSON(t, discountURL, &after); after.Amount != 17.5 {
		t.Errorf("after the import the discount is %v, want 17.50", after.Amount)
	}
	took := time.Since(imported)
	t.Logf("the import showed after %v", took)
	if took > invalidationBound {
		t.Errorf("the import showed after %v, want within %v", took, invalidationBound)
	}
}

// A `rates refresh` run by another process shows in a running server within
// a second: storing rates publishes the change to every instance.
func TestARatesRefreshByAnotherProcessShowsAtOnce(t *testing.T) {
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "k.db"), "KNITFRONT_ADDR": "127.0.0.1:0"}
	addr, _, _ := startServerAt(t, saturdayNoon, []string{"dev"}, vars)
	if _, _, h := getRates(t, addr, "EUR"); h.Get("X-Rates-Source") != "demo" {
		t.Fatalf("before the refresh the rates come from %q, want the snapshot", h.Get("X-Rates-Source"))
	}

	// The feed's day must be later than the snapshot's for the server to
	// take it: a server never goes back to an earlier day.
	vars["KNITFRONT_RATES_URL"] = serveFeed(t, feedDocument(t, thisSaturday, "1.1528"))
	if err := runAt(context.Background(), saturdayNoon, []string{"rates", "refresh"}, env(vars), io.Discard, io.Discard); err != nil {
		t.Fatalf("rates refresh: %v", err)
	}
	refreshed := time.Now()
	eventually(t, "the refreshed rates served", func() bool {
		_, _, h := getRates(t, addr, "EUR")
		return h.Get("X-Rates-Source") == "ecb" && h.Get("X-Rates-Date") == thisSaturday
	})
	took := time.Since(refreshed)
	t.Logf("the refreshed rates showed after %v", took)
	if took > invalidationBound {
		t.Errorf("the refreshed rates showed after %v, want within %v", took, invalidationBound)
	}
}
