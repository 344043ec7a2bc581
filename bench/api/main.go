// Command api measures the API's throughput budget: a cached automatic
// discount lookup must serve at least 85 % of the requests per second of a
// bare net/http handler that writes the same bytes, measured with the same
// load tool in the same run, with a p99 latency under 10 ms at 64
// connections on loopback; and a product's lookup must serve within 10 % of
// a variant's.
//
// The handlers run in this process inside the same http.Server settings
// that `knitfront serve` uses (api.NewHTTPServer), so the only difference
// measured is the handler: knitfront's middleware, routing, validation,
// cache lookup and answer against writing fixed bytes. knitfront's handler
// reads the demo catalogue from a fresh SQLite database, logging and
// counting its metrics as in production. wrk (Debian's package) makes the load.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"knitfront/internal/api"
	"knitfront/internal/demo"
	"knitfront/internal/metrics"
	"knitfront/internal/pricing"
	"knitfront/internal/store"
)

const (
	threads     = 2
	connections = 64
	duration    = "6s"
	// Paired rounds, bare then knitfront, judged by the median ratio: one
	// round on a shared two-core machine varies by several percent.
	rounds = 5
	// A discounted demo variant, pebble-beanie Oat, 15 % off in LT, and its
	// product, whose cheapest variant it is.
	variantPath = "/api/automatic-discount/LT/45123456003501"
	productPath = "/api/automatic-discount/product/LT/8123456000035"

	minRatio = 0.85
	// maxProductGap bounds how far a product lookup's throughput may be from
	// a variant lookup's, either way.
	maxProductGap = 0.10
	maxP99Millis  = 10.0
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench/api:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "knitfront-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "bench.db"))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
		return err
	}
	if _, err := db.Import(ctx, demo.Catalog()); err != nil {
		return err
	}
	m := metrics.New()
	knitfront, stopKnitfront, err := serve(api.New(api.Config{
		Log: log, DB: db, Requests: m,
		Prices: pricing.New(db, time.Now, pricing.CountLookups(m.CountPriceLookups)),
	}), log)
	if err != nil {
		return err
	}
	defer stopKnitfront()

	resp, err := http.Get(knitfront + variantPath)
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s = %d %s", variantPath, resp.StatusCode, body)
	}
	contentType, cacheControl, etag := resp.Header.Get("Content-Type"), resp.Header.Get("Cache-Control"), resp.Header.Get("ETag")
	bare, stopBare, err := serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", contentType)
		h.Set("Cache-Control", cacheControl)
		h.Set("ETag", etag)
		h.Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	}), log)
	if err != nil {
		return err
	}
	defer stopBare()

	// The figures mean little on a busy machine: say how busy it was.
	fmt.Printf("load average before: %s\n", loadAverage())
	var variantRatios, productRatios []float64
	var worstP99 float64
	for round := 1; round <= rounds; round++ {
		b, err := load(bare + variantPath)
		if err != nil {
			return err
		}
		v, err := load(knitfront + variantPath)
		if err != nil {
			return err
		}
		p, err := load(knitfront + productPath)
		if err != nil {
			return err
		}
		fmt.Printf("round %d: bare %.0f req/s (p99 %.2f ms), variant %.0f req/s (p99 %.2f ms), product %.0f req/s (p99 %.2f ms)\n",
			round, b.rps, b.p99, v.rps, v.p99, p.rps, p.p99)
		variantRatios = append(variantRatios, v.rps/b.rps)
		productRatios = append(productRatios, p.rps/v.rps)
		worstP99 = max(worstP99, v.p99, p.p99)
	}
	variantRatio, productRatio := median(variantRatios), median(productRatios)
	variantOK := variantRatio >= minRatio
	productOK := math.Abs(productRatio-1) <= maxProductGap
	latencyOK := worstP99 < maxP99Millis
	fmt.Printf("api throughput: cached variant discount lookup / bare handler = median ratio %.2f of %d rounds (range %.2f-%.2f; budget >= %.2f): %s\n",
		variantRatio, rounds, slices.Min(variantRatios), slices.Max(variantRatios), minRatio, verdict(variantOK))
	fmt.Printf("api throughput: product lookup / variant lookup = median ratio %.2f of %d rounds (range %.2f-%.2f; budget within %.2f of 1): %s\n",
		productRatio, rounds, slices.Min(productRatios), slices.Max(productRatios), maxProductGap, verdict(productOK))
	fmt.Printf("api latency: worst p99 %.2f ms of both lookups at %d connections (budget < %.0f ms): %s\n",
		worstP99, connections, maxP99Millis, verdict(latencyOK))
	fmt.Printf("load average after: %s\n", loadAverage())
	if !variantOK || !productOK || !latencyOK {
		return fmt.Errorf("over budget")
	}
	return nil
}

// loadAverage returns the 1, 5 and 15 minute load averages of Linux, or
// "unknown" elsewhere.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	fields := strings.Fields(string(b))
	if len(fields) < 3 {
		return "unknown"
	}
	return strings.Join(fields[:3], " ")
}

// median returns the middle of an odd number of values.
func median(values []float64) float64 {
	sorted := slices.Sorted(slices.Values(values))
	return sorted[len(sorted)/2]
}

func verdict(ok bool) string {
	if ok {
		return "within budget"
	}
	return "OVER BUDGET"
}

// serve runs handler on a free loopback port in knitfront's server settings.
func serve(handler http.Handler, log *slog.Logger) (addr string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := api.NewHTTPServer(handler, log)
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
}

type result struct{ rps, p99 float64 }

var (
	rpsLine = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	p99Line = regexp.MustCompile(`\s99%\s+([0-9.]+)(us|ms|s)`)
)

// load runs wrk against url and reads its throughput and p99 latency.
func load(url string) (result, error) {
	out, err := exec.Command("wrk", "-t"+strconv.Itoa(threads), "-c"+strconv.Itoa(connections), "-d"+duration, "--latency", url).CombinedOutput()
	if err != nil {
		return result{}, fmt.Errorf("wrk: %v\n%s", err, out)
	}
	text := string(out)
	if strings.Contains(text, "Non-2xx") || strings.Contains(text, "Socket errors") {
		return result{}, fmt.Errorf("wrk saw errors:\n%s", text)
	}
	rps := rpsLine.FindStringSubmatch(text)
	p99 := p99Line.FindStringSubmatch(text)
	if rps == nil || p99 == nil {
		return result{}, fmt.Errorf("unexpected wrk output:\n%s", text)
	}
	var r result
	r.rps, _ = strconv.ParseFloat(rps[1], 64)
	r.p99, _ = strconv.ParseFloat(p99[1], 64)
	switch p99[2] {
	case "us":
		r.p99 /= 1000
	case "s":
		r.p99 *= 1000
	}
	return r, nil
}
