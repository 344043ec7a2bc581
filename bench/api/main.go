// Command api measures the API budget of DESIGN.md: a cached automatic
// discount lookup must serve at least 80 % of the requests per second of a
// bare net/http handler that writes the same bytes, measured with the same
// load tool in the same run, with a p99 latency under 10 ms at 64
// connections on loopback.
//
// Both handlers run in this process inside the same http.Server settings
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
	"knitfront/internal/discount"
	"knitfront/internal/metrics"
	"knitfront/internal/store"
)

const (
	connections = 64
	duration    = "6s"
	// Paired rounds, bare then knitfront, judged by the median ratio: one
	// round on a shared two-core machine varies by several percent.
	rounds = 5
	// A discounted demo variant: pebble-beanie, Oat, 15 % off in LT.
	lookupPath = "/api/automatic-discount/LT/45123456003501"

	minRatio     = 0.80
	maxP99Millis = 10.0
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
		Discounts: discount.NewService(db, time.Now, discount.CountCacheLookups(m.CacheCounter("discounts"))),
	}), log)
	if err != nil {
		return err
	}
	defer stopKnitfront()

	resp, err := http.Get(knitfront + lookupPath)
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s = %d %s", lookupPath, resp.StatusCode, body)
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

	var ratios []float64
	var worstP99 float64
	for round := 1; round <= rounds; round++ {
		b, err := load(bare + lookupPath)
		if err != nil {
			return err
		}
		k, err := load(knitfront + lookupPath)
		if err != nil {
			return err
		}
		fmt.Printf("round %d: bare %.0f req/s (p99 %.2f ms), knitfront %.0f req/s (p99 %.2f ms)\n",
			round, b.rps, b.p99, k.rps, k.p99)
		ratios = append(ratios, k.rps/b.rps)
		worstP99 = max(worstP99, k.p99)
	}
	slices.Sort(ratios)
	ratio := ratios[len(ratios)/2]
	fmt.Printf("api throughput: cached discount lookup / bare handler = median ratio %.2f of %d rounds (range %.2f-%.2f; budget >= %.2f): %s\n",
		ratio, rounds, ratios[0], ratios[len(ratios)-1], minRatio, verdict(ratio >= minRatio))
	fmt.Printf("api latency: worst p99 %.2f ms at %d connections (budget < %.0f ms): %s\n",
		worstP99, connections, maxP99Millis, verdict(worstP99 < maxP99Millis))
	if ratio < minRatio || worstP99 >= maxP99Millis {
		return fmt.Errorf("over budget")
	}
	return nil
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

// load runs wrk against url and reads its throughput and p99 latency. One
// wrk thread leaves the other core to the server.
func load(url string) (result, error) {
	out, err := exec.Command("wrk", "-t1", "-c"+strconv.Itoa(connections), "-d"+duration, "--latency", url).CombinedOutput()
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
