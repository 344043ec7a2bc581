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
//
// wrk shares the machine's cores with the servers, so each round also
// reports the CPU time per request of the servers (this process) and of wrk:
// the servers' ratio is what the handler costs on a machine of its own,
// and wrk's share says how much of the machine the load tool itself took.
// A round's p99 counts the time a request waited for a core, which on a
// busy machine dwarfs the handler: the bare handler's p99 is printed beside
// it as the machine's floor, and the budget is judged on the median of the
// rounds, like the throughput, not on the worst one.
//
// -cpuprofile FILE writes a CPU profile of the servers under the load.
package main

import (
	"context"
	"flag"
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
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"syscall"
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
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the servers under load to this file (profiling slows them: the figures of such a run are not the budget's)")
	flag.Parse()
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
	// The bare handler writes every header of knitfront's answer (the
	// request id, the CORS and no-sniff headers included), so that both send
	// the same bytes; net/http adds the Date to both.
	headers := resp.Header.Clone()
	headers.Del("Date")
	bare, stopBare, err := serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for name, values := range headers {
			h[name] = values
		}
		_, _ = w.Write(body)
	}), log)
	if err != nil {
		return err
	}
	defer stopBare()

	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}

	// The figures mean little on a busy machine: say how busy it was.
	fmt.Printf("load average before: %s\n", loadAverage())
	var variantRatios, productRatios, cpuRatios, productCPURatios, p99s, bareP99s []float64
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
		fmt.Printf("round %d: bare %s\n         variant %s\n         product %s\n", round, b, v, p)
		variantRatios = append(variantRatios, v.rps/b.rps)
		productRatios = append(productRatios, p.rps/v.rps)
		cpuRatios = append(cpuRatios, b.serverMicros/v.serverMicros)
		productCPURatios = append(productCPURatios, v.serverMicros/p.serverMicros)
		p99s = append(p99s, v.p99, p.p99)
		bareP99s = append(bareP99s, b.p99)
		worstP99 = max(worstP99, v.p99, p.p99)
	}
	variantRatio, productRatio, p99 := median(variantRatios), median(productRatios), median(p99s)
	variantOK := variantRatio >= minRatio
	productOK := math.Abs(productRatio-1) <= maxProductGap
	latencyOK := p99 < maxP99Millis
	fmt.Printf("api throughput: cached variant discount lookup / bare handler = median ratio %.2f of %d rounds (range %.2f-%.2f; budget >= %.2f): %s\n",
		variantRatio, rounds, slices.Min(variantRatios), slices.Max(variantRatios), minRatio, verdict(variantOK))
	fmt.Printf("api throughput: product lookup / variant lookup = median ratio %.2f of %d rounds (range %.2f-%.2f; budget within %.2f of 1): %s\n",
		productRatio, rounds, slices.Min(productRatios), slices.Max(productRatios), maxProductGap, verdict(productOK))
	fmt.Printf("api server CPU per request: bare / cached variant lookup = median ratio %.2f (range %.2f-%.2f), variant / product %.2f (range %.2f-%.2f): the throughput ratios on a machine of its own, without wrk\n",
		median(cpuRatios), slices.Min(cpuRatios), slices.Max(cpuRatios),
		median(productCPURatios), slices.Min(productCPURatios), slices.Max(productCPURatios))
	fmt.Printf("api latency: median p99 %.2f ms of both lookups' %d rounds at %d connections (worst %.2f ms; the bare handler's median %.2f ms; budget < %.0f ms): %s\n",
		p99, rounds, connections, worstP99, median(bareP99s), maxP99Millis, verdict(latencyOK))
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

// median returns the middle of the values, or the mean of the two middle
// ones of an even number.
func median(values []float64) float64 {
	sorted := slices.Sorted(slices.Values(values))
	n := len(sorted)
	if n%2 == 0 {
		return (sorted[n/2-1] + sorted[n/2]) / 2
	}
	return sorted[n/2]
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

// result is one load's throughput and p99 latency, and the CPU time each
// request took in the servers (this process) and in wrk.
type result struct {
	rps, p99                float64
	serverMicros, wrkMicros float64
	serverShare, wrkShare   float64
}

func (r result) String() string {
	return fmt.Sprintf("%6.0f req/s, p99 %6.2f ms; CPU per request: server %5.1f µs, wrk %5.1f µs; of the %d cores: server %3.0f %%, wrk %3.0f %%",
		r.rps, r.p99, r.serverMicros, r.wrkMicros, runtime.NumCPU(), 100*r.serverShare, 100*r.wrkShare)
}

var (
	rpsLine   = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	countLine = regexp.MustCompile(`(\d+) requests in`)
	p99Line   = regexp.MustCompile(`\s99%\s+([0-9.]+)(us|ms|s)`)
)

// load runs wrk against url and reads its throughput and p99 latency, and
// the CPU time the servers and wrk spent.
func load(url string) (result, error) {
	cmd := exec.Command("wrk", "-t"+strconv.Itoa(threads), "-c"+strconv.Itoa(connections), "-d"+duration, "--latency", url)
	serverBefore, start := cpuTime(), time.Now()
	out, err := cmd.CombinedOutput()
	wall, serverCPU := time.Since(start), cpuTime()-serverBefore
	if err != nil {
		return result{}, fmt.Errorf("wrk: %v\n%s", err, out)
	}
	wrkCPU := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	text := string(out)
	if strings.Contains(text, "Non-2xx") || strings.Contains(text, "Socket errors") {
		return result{}, fmt.Errorf("wrk saw errors:\n%s", text)
	}
	rps := rpsLine.FindStringSubmatch(text)
	p99 := p99Line.FindStringSubmatch(text)
	count := countLine.FindStringSubmatch(text)
	if rps == nil || p99 == nil || count == nil {
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
	requests, _ := strconv.ParseFloat(count[1], 64)
	r.serverMicros = float64(serverCPU.Microseconds()) / requests
	r.wrkMicros = float64(wrkCPU.Microseconds()) / requests
	machine := wall.Seconds() * float64(runtime.NumCPU())
	r.serverShare, r.wrkShare = serverCPU.Seconds()/machine, wrkCPU.Seconds()/machine
	return r, nil
}

// cpuTime is the CPU time this process, the servers, has spent.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
