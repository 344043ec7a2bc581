package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

// TestServeSeesAnImportOfAnotherProcess: an import is another process with
// its own connections to the database; the server's caches drop what it
// changed within a second on either engine (SQLite: polled versions;
// PostgreSQL: NOTIFY).
func TestServeSeesAnImportOfAnotherProcess(t *testing.T) {
	doc := filepath.Join(t.TempDir(), "discounts.json")
	if err := os.WriteFile(doc, []byte(allOff40), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			vars := map[string]string{"DATABASE_URL": engine.NewURL(t), "KNITFRONT_ADDR": "127.0.0.1:0"}
			runOK(t, vars, "import", "../../data/demo/catalog.json")
			addr, _, _ := startServer(t, []string{"serve"}, vars)
			if got := discountAmount(t, http.DefaultClient, addr); got != demoBeanieAmount {
				t.Fatalf("before the import: %v off, want %v", got, demoBeanieAmount)
			}
			runOK(t, vars, "import", doc)
			took := waitForAmount(t, http.DefaultClient, []string{addr}, allOff40Amount, 2*invalidationBound)
			t.Logf("%s: the server answered the imported discount %s after the import returned", engine.Name, took.Round(100*time.Microsecond))
			if took >= invalidationBound {
				t.Errorf("the import took %s to reach the server; the bound is %s", took, invalidationBound)
			}
		})
	}
}

var servingMetrics = regexp.MustCompile(`"msg":"serving metrics","addr":"(http://[^"]+)"`)

func TestMetricsAndRequestLogs(t *testing.T) {
	vars := map[string]string{
		"DATABASE_URL":           "sqlite:" + filepath.Join(t.TempDir(), "k.db"),
		"KNITFRONT_ADDR":         "127.0.0.1:0",
		"KNITFRONT_METRICS_ADDR": "127.0.0.1:0",
		"KNITFRONT_LOG_LEVEL":    "debug",
	}
	runOK(t, vars, "import", "../../data/demo/catalog.json")
	addr, logs, _ := startServer(t, []string{"serve"}, vars)
	m := servingMetrics.FindStringSubmatch(logs.String())
	if m == nil {
		t.Fatalf("serve with KNITFRONT_METRICS_ADDR logged no metrics address:\n%s", logs)
	}
	metricsURL := m[1]

	var requestIDs []string
	for range 2 {
		resp, err := http.Get(addr + beanieDiscountPath)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		requestIDs = append(requestIDs, resp.Header.Get("X-Request-Id"))
	}
	for _, id := range requestIDs {
		line := `"msg":"request","request_id":"` + id + `","method":"GET","path":"` + beanieDiscountPath + `","status":200`
		if id == "" || !strings.Contains(logs.String(), line) {
			t.Errorf("no JSON log line of request %q with the id of its X-Request-Id header:\n%s", id, logs)
		}
	}

	for range 2 {
		if status := getJSON(t, addr+"/api/products/cache-prices", nil); status != http.StatusOK {
			t.Fatalf("GET cache-prices = %d", status)
		}
	}

	if status := getJSON(t, addr+"/metrics", nil); status != http.StatusNotFound {
		t.Errorf("GET /metrics on the public address = %d; want 404, metrics are on their own listener", status)
	}
	resp, err := http.Get(metricsURL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, sample := range []string{
		`knitfront_http_requests_total{code="200",method="GET",route="GET /api/automatic-discount/{market}/{variantId}"} 2`,
		`knitfront_http_requests_total{code="404",method="GET",route="/"} 1`,
		`knitfront_price_cache_lookups_total{result="miss"} 1`,
		`knitfront_price_cache_lookups_total{result="hit"} 3`,
		`knitfront_db_pool_connections_max_open 8`,
	} {
		if !strings.Contains(string(body), "\n"+sample+"\n") {
			t.Errorf("the metrics lack %s:\n%s", sample, grepLines(string(body), "knitfront_"))
		}
	}
	// Figures whose values depend on the moment: present, with a value.
	for _, series := range []string{
		`knitfront_http_request_duration_seconds_bucket{code="200",method="GET",route="GET /api/automatic-discount/{market}/{variantId}",le="0.005"} `,
		`knitfront_rates_age_seconds `,
		`knitfront_db_pool_connections_in_use `,
	} {
		if !strings.Contains(string(body), "\n"+series) {
			t.Errorf("the metrics lack %s:\n%s", series, grepLines(string(body), "knitfront_"))
		}
	}
}

// grepLines returns the lines of text that start with prefix.
func grepLines(text, prefix string) string {
	var b strings.Builder
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, prefix) {
			b.WriteString(line)
		}
	}
	return b.String()
}

func TestOperationSettings(t *testing.T) {
	for _, test := range []struct {
		name            string
		vars            map[string]string
		wantConnections int
		wantMetrics     string
		err             string
	}{
		{"defaults", nil, store.DefaultPostgresConnections, "", ""},
		{"every setting", map[string]string{"KNITFRONT_POSTGRES_CONNECTIONS": "6", "KNITFRONT_METRICS_ADDR": "10.0.0.5:9090"}, 6, "10.0.0.5:9090", ""},
		{"no connections", map[string]string{"KNITFRONT_POSTGRES_CONNECTIONS": "0"}, 0, "", "KNITFRONT_POSTGRES_CONNECTIONS"},
		{"connections in words", map[string]string{"KNITFRONT_POSTGRES_CONNECTIONS": "many"}, 0, "", "KNITFRONT_POSTGRES_CONNECTIONS"},
		{"more connections than PostgreSQL holds", map[string]string{"KNITFRONT_POSTGRES_CONNECTIONS": "1001"}, 0, "", "KNITFRONT_POSTGRES_CONNECTIONS"},
	} {
		t.Run(test.name, func(t *testing.T) {
			c, _, err := parseConfig("serve", "", nil, env(test.vars), io.Discard)
			if test.err != "" {
				if err == nil || !strings.Contains(err.Error(), test.err) {
					t.Errorf("err = %v, want one naming %s", err, test.err)
				}
				return
			}
			if err != nil || c.PostgresConnections != test.wantConnections || c.MetricsAddr != test.wantMetrics {
				t.Errorf("config = %+v, %v; want %d connections, metrics on %q", c, err, test.wantConnections, test.wantMetrics)
			}
		})
	}
	t.Run("the pool takes the setting", func(t *testing.T) {
		cfg, _, err := parseConfig("serve", "", nil, env(map[string]string{
			"DATABASE_URL": storetest.PostgresOnly(t), "KNITFRONT_POSTGRES_CONNECTIONS": "3",
		}), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		db, err := openStore(context.Background(), cfg, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if n := db.Stats().MaxOpenConnections; n != 3 {
			t.Errorf("the pool opens up to %d connections, want 3", n)
		}
	})
}
