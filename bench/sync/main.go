// Command sync measures the Shopify sync's budget: a full sync of a shop of
// 10,000 products and 100,000 variants in 4 markets, with 20 automatic
// discounts, in under 60 s and under 200 MB of memory.
//
// The shop is generated and served by the offline Admin API stand-in
// (internal/shopifydev) in a child process of this command (-stand-in); the
// sync is the real one, the built bin/knitfront's `sync` command in another
// child, writing a fresh SQLite database, so that its peak resident memory
// is the kernel's count for that process. Linux counts a child's peak from
// the moment it is forked, while it still shares its parent's memory: this
// process stays small so that the count is the sync's own. The sync runs
// twice: into the empty database, then again over what the first wrote, as
// a scheduled sync does.
//
// The stand-in's token holds the scopes a sync reads with and not
// write_products, so the sync leaves out its last step, writing each
// variant's price metafields for the theme: at 100,000 variants that is
// 4,000 metafieldsSet requests, bound by Shopify's cost limit rather than
// by knitfront, and it is not what this budget measures.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
)

// The shop synced: the budget's 100,000 variants, in every market.
const (
	shopProducts       = 10_000
	variantsPerProduct = 10
)

const (
	maxSeconds = 60.0
	// maxMegabytes is the peak resident memory budget, in millions of bytes.
	maxMegabytes = 200.0
	adminToken   = "shpat_bench"
)

func main() {
	knitfront := flag.String("knitfront", "bin/knitfront", "the built knitfront binary whose sync is measured")
	standIn := flag.Bool("stand-in", false, "serve the generated shop's Admin API on a free loopback port, print its address and serve until killed")
	flag.Parse()
	run := func() error { return measureSyncs(*knitfront) }
	if *standIn {
		run = serveStandIn
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench/sync:", err)
		os.Exit(1)
	}
}

// serveStandIn serves the generated shop and prints the address it is at.
func serveStandIn() error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	handler := shopifydev.New(shopifydev.Generated(shopProducts, variantsPerProduct, time.Now()), adminToken, time.Now)
	handler.SetScopes(shopify.RequiredScopes...)
	fmt.Printf("http://%s\n", ln.Addr())
	return http.Serve(ln, handler)
}

// startStandIn runs this command again as the stand-in and returns its
// address once it serves.
func startStandIn() (url string, stop func(), err error) {
	self, err := os.Executable()
	if err != nil {
		return "", nil, err
	}
	cmd := exec.Command(self, "-stand-in")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop = func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		stop()
		return "", nil, fmt.Errorf("the stand-in did not start: %w", err)
	}
	return strings.TrimSpace(line), stop, nil
}

func measureSyncs(knitfront string) error {
	dir, err := os.MkdirTemp("", "knitfront-bench-sync-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	standIn, stop, err := startStandIn()
	if err != nil {
		return err
	}
	defer stop()
	fmt.Printf("generated shop: %d products, %d variants, %d markets, %d automatic discounts\n",
		shopProducts, shopProducts*variantsPerProduct, 4, shopifydev.GeneratedDiscounts)

	overBudget := false
	for _, name := range []string{"first sync, empty database", "second sync, same shop"} {
		m, err := syncOnce(knitfront, standIn, "sqlite:"+filepath.Join(dir, "sync.db"))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if m.variants != shopProducts*variantsPerProduct {
			return fmt.Errorf("%s: synced %d variants, not the shop's %d", name, m.variants, shopProducts*variantsPerProduct)
		}
		timeOK, memoryOK := m.seconds < maxSeconds, m.megabytes < maxMegabytes
		fmt.Printf("sync time (%s): %.1f s for %d variants (budget < %.0f s): %s\n", name, m.seconds, m.variants, maxSeconds, verdict(timeOK))
		fmt.Printf("sync peak memory (%s): %.0f MB resident (budget < %.0f MB): %s\n", name, m.megabytes, maxMegabytes, verdict(memoryOK))
		overBudget = overBudget || !timeOK || !memoryOK
	}
	if overBudget {
		return fmt.Errorf("over budget")
	}
	return nil
}

type measure struct {
	seconds, megabytes float64
	variants           int
}

var summaryVariants = regexp.MustCompile(`(\d+) variants`)

// syncOnce runs `knitfront sync` against the stand-in and measures its wall
// time and peak resident memory.
func syncOnce(knitfront, shopURL, databaseURL string) (measure, error) {
	cmd := exec.Command(knitfront, "sync")
	cmd.Env = append(os.Environ(),
		"DATABASE_URL="+databaseURL,
		"KNITFRONT_SHOPIFY_SHOP="+shopURL,
		"KNITFRONT_SHOPIFY_ADMIN_TOKEN="+adminToken,
		"KNITFRONT_LOG_LEVEL=warn",
	)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return measure{}, fmt.Errorf("%s sync: %v\n%s%s", knitfront, err, stdout.String(), stderr.String())
	}
	took := time.Since(start)
	summary := summaryVariants.FindSubmatch(stdout.Bytes())
	if summary == nil {
		return measure{}, fmt.Errorf("no summary in the sync's output:\n%s", stdout.String())
	}
	variants, _ := strconv.Atoi(string(summary[1]))
	// Linux counts Maxrss in KiB.
	maxRSS := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024
	return measure{seconds: took.Seconds(), megabytes: float64(maxRSS) / 1e6, variants: variants}, nil
}

func verdict(ok bool) string {
	if ok {
		return "within budget"
	}
	return "OVER BUDGET"
}
