package metrics_test

import (
	"database/sql"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"knitfront/internal/metrics"
)

// scrape returns the metrics as Prometheus reads them, one sample a line.
func scrape(t *testing.T, m *metrics.Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("scrape = %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

// sample returns the value of the sample named with its labels, such as
// `knitfront_price_cache_lookups_total{result="hit"}`.
func sample(t *testing.T, text, name string) float64 {
	t.Helper()
	for line := range strings.Lines(text) {
		if rest, ok := strings.CutPrefix(line, name+" "); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			return v
		}
	}
	t.Fatalf("no sample %s in:\n%s", name, text)
	return 0
}

func TestShopifyAPIVersionMismatches(t *testing.T) {
	m := metrics.New()
	m.CountShopifyAPIVersionMismatch("2026-10", "2026-07")
	m.CountShopifyAPIVersionMismatch("2026-10", "2026-07")
	m.CountShopifyAPIVersionMismatch("2026-10", "2027-01")
	text := scrape(t, m)
	for _, test := range []struct {
		sample string
		want   float64
	}{
		{`knitfront_shopify_api_version_mismatches_total{answered="2026-07",asked="2026-10"}`, 2},
		{`knitfront_shopify_api_version_mismatches_total{answered="2027-01",asked="2026-10"}`, 1},
	} {
		if got := sample(t, text, test.sample); got != test.want {
			t.Errorf("%s = %v, want %v", test.sample, got, test.want)
		}
	}
}

func TestRequests(t *testing.T) {
	m := metrics.New()
	m.ObserveRequest("GET /api/knitters", http.MethodGet, 200, 3*time.Millisecond)
	m.ObserveRequest("GET /api/knitters", http.MethodGet, 200, 40*time.Millisecond)
	m.ObserveRequest("GET /api/knitters", http.MethodGet, 304, time.Millisecond)
	m.ObserveRequest("unmatched", "BREW", 414, time.Millisecond)
	text := scrape(t, m)
	for _, test := range []struct {
		sample string
		want   float64
	}{
		{`knitfront_http_requests_total{code="200",method="GET",route="GET /api/knitters"}`, 2},
		{`knitfront_http_requests_total{code="304",method="GET",route="GET /api/knitters"}`, 1},
		{`knitfront_http_requests_total{code="414",method="OTHER",route="unmatched"}`, 1},
		{`knitfront_http_request_duration_seconds_count{code="200",method="GET",route="GET /api/knitters"}`, 2},
		{`knitfront_http_request_duration_seconds_bucket{code="200",method="GET",route="GET /api/knitters",le="0.005"}`, 1},
		{`knitfront_http_request_duration_seconds_bucket{code="200",method="GET",route="GET /api/knitters",le="0.05"}`, 2},
	} {
		if got := sample(t, text, test.sample); got != test.want {
			t.Errorf("%s = %v, want %v", test.sample, got, test.want)
		}
	}
	sum := `knitfront_http_request_duration_seconds_sum{code="200",method="GET",route="GET /api/knitters"}`
	if got := sample(t, text, sum); math.Abs(got-0.043) > 1e-9 {
		t.Errorf("%s = %v, want 0.043", sum, got)
	}
}

func TestPriceLookups(t *testing.T) {
	m := metrics.New()
	m.CountPriceLookups(1, 0)
	m.CountPriceLookups(40, 8)
	text := scrape(t, m)
	if hits := sample(t, text, `knitfront_price_cache_lookups_total{result="hit"}`); hits != 41 {
		t.Errorf("hits = %v, want 41", hits)
	}
	if misses := sample(t, text, `knitfront_price_cache_lookups_total{result="miss"}`); misses != 8 {
		t.Errorf("misses = %v, want 8", misses)
	}
}

func TestDBPool(t *testing.T) {
	m := metrics.New()
	m.WatchDBPool(func() sql.DBStats {
		return sql.DBStats{MaxOpenConnections: 16, OpenConnections: 5, InUse: 3, Idle: 2, WaitCount: 7, WaitDuration: 1500 * time.Millisecond}
	})
	text := scrape(t, m)
	for name, want := range map[string]float64{
		"knitfront_db_pool_connections_open":     5,
		"knitfront_db_pool_connections_in_use":   3,
		"knitfront_db_pool_connections_idle":     2,
		"knitfront_db_pool_connections_max_open": 16,
		"knitfront_db_pool_waits_total":          7,
		"knitfront_db_pool_wait_seconds_total":   1.5,
	} {
		if got := sample(t, text, name); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
}

func TestRatesAge(t *testing.T) {
	for _, test := range []struct {
		name     string
		asOf     time.Time
		min, max float64
	}{
		{"rates published two hours ago", time.Now().Add(-2 * time.Hour), 7200, 7260},
		{"no rates known yet", time.Time{}, math.Inf(1), math.Inf(1)},
	} {
		t.Run(test.name, func(t *testing.T) {
			m := metrics.New()
			m.WatchRatesAge(func() time.Time { return test.asOf })
			if age := sample(t, scrape(t, m), "knitfront_rates_age_seconds"); age < test.min || age > test.max {
				t.Errorf("rates age = %v, want %v to %v", age, test.min, test.max)
			}
		})
	}
}
