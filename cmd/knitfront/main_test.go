package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"knitfront/internal/store/storetest"
)

// syncBuffer is a bytes.Buffer safe for a server goroutine and a test to share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

var listening = regexp.MustCompile(`"msg":"listening","addr":"(http://[^"]+)"`)

// startServer runs a subcommand that serves, waits until it listens, and
// returns its address and a function that stops it and returns its error.
func startServer(t *testing.T, args []string, vars map[string]string) (addr string, logs *syncBuffer, stop func() error) {
	t.Helper()
	return startServerAt(t, time.Now, args, vars)
}

// startServerAt is startServer on the clock now.
func startServerAt(t *testing.T, now func() time.Time, args []string, vars map[string]string) (addr string, logs *syncBuffer, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	logs = &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- runAt(ctx, now, args, env(vars), io.Discard, logs) }()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if m := listening.FindStringSubmatch(logs.String()); m != nil {
			addr = m[1]
			break
		}
		select {
		case err := <-done:
			cancel()
			t.Fatalf("%v exited before listening: %v\n%s", args, err, logs)
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("%v did not listen within 20s:\n%s", args, logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var once sync.Once
	var stopErr error
	stop = func() error {
		once.Do(func() { cancel(); stopErr = <-done })
		return stopErr
	}
	t.Cleanup(func() { _ = stop() })
	return addr, logs, stop
}

func getJSON(t *testing.T, url string, into any) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if into != nil {
		if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
			t.Fatalf("GET %s: %v", url, err)
		}
	}
	return resp.StatusCode
}

func TestImportThenServe(t *testing.T) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			vars := map[string]string{"DATABASE_URL": engine.NewURL(t), "KNITFRONT_ADDR": "127.0.0.1:0"}
			var out bytes.Buffer
			if err := run(context.Background(), []string{"import", "../../data/demo/catalog.json"}, env(vars), &out, io.Discard); err != nil {
				t.Fatalf("import: %v", err)
			}
			if !regexp.MustCompile(`^imported 7 knitters, 8 collections, 56 products, \d+ variants, \d+ discount rules from`).MatchString(out.String()) {
				t.Errorf("import printed %q", out.String())
			}

			addr, _, stop := startServer(t, []string{"serve"}, vars)
			var discount struct {
				Amount   float64 `json:"amount"`
				Currency string  `json:"currency"`
			}
			// pebble-beanie "Oat" is in hats-and-mittens, 15 % off: 5.25 of 35.00 EUR.
			if status := getJSON(t, addr+"/api/automatic-discount/LT/45123456003501", &discount); status != 200 ||
				discount.Amount != 5.25 || discount.Currency != "EUR" {
				t.Errorf("discount = %d %+v; want 200, 5.25 EUR", status, discount)
			}
			if status := getJSON(t, addr+"/readyz", nil); status != 200 {
				t.Errorf("readyz = %d", status)
			}
			if err := stop(); err != nil {
				t.Errorf("serve returned %v after its context ended; want a clean stop", err)
			}
		})
	}
}

func TestShutdownDrainsInFlightRequests(t *testing.T) {
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "k.db"), "KNITFRONT_ADDR": "127.0.0.1:0"}
	addr, logs, stop := startServer(t, []string{"dev"}, vars)
	if !strings.Contains(logs.String(), "catalogue synced from its own Shopify stand-in") {
		t.Errorf("dev did not sync the demo catalogue from its stand-in:\n%s", logs)
	}

	// Hold a connection open mid-request: headers sent, body not yet.
	client := &http.Client{}
	pr, pw := io.Pipe()
	req, _ := http.NewRequest(http.MethodGet, addr+"/healthz", pr)
	req.ContentLength = 5
	answered := make(chan int, 1)
	go func() {
		resp, err := client.Do(req)
		if err != nil {
			answered <- -1
			return
		}
		resp.Body.Close()
		answered <- resp.StatusCode
	}()
	time.Sleep(100 * time.Millisecond)
	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	time.Sleep(100 * time.Millisecond)
	select {
	case err := <-stopped:
		t.Fatalf("the server stopped (%v) with a request in flight", err)
	default:
	}
	_, _ = pw.Write([]byte("hello"))
	pw.Close()
	if status := <-answered; status != 200 {
		t.Errorf("the in-flight request got %d, want 200", status)
	}
	if err := <-stopped; err != nil {
		t.Errorf("stop: %v", err)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, test := range []struct {
		args    []string
		wantErr error
		inHelp  string
	}{
		{nil, errUsage, "Commands:"},
		{[]string{"frobnicate"}, errUsage, "Commands:"},
		{[]string{"--help"}, flag.ErrHelp, "serve"},
		{[]string{"serve", "--help"}, flag.ErrHelp, "KNITFRONT_ALLOWED_ORIGINS"},
		{[]string{"import"}, errUsage, ""},
	} {
		var stderr bytes.Buffer
		vars := map[string]string{"DATABASE_URL": "sqlite::memory:"}
		err := run(context.Background(), test.args, env(vars), io.Discard, &stderr)
		if !errors.Is(err, test.wantErr) {
			t.Errorf("run(%q) = %v, want %v", test.args, err, test.wantErr)
		}
		if !strings.Contains(stderr.String(), test.inHelp) {
			t.Errorf("run(%q) printed %q, want it to mention %q", test.args, stderr.String(), test.inHelp)
		}
	}
	for _, name := range []string{"KNITFRONT_ADDR", "DATABASE_URL", "KNITFRONT_ALLOWED_ORIGINS", "KNITFRONT_ADMIN_TOKEN", "KNITFRONT_METRICS_ADDR"} {
		var stderr bytes.Buffer
		_ = run(context.Background(), []string{"serve", "--help"}, env(nil), io.Discard, &stderr)
		if !strings.Contains(stderr.String(), name) {
			t.Errorf("serve --help does not document %s", name)
		}
	}
}

func TestImportRefusesAnInvalidDocument(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := writeFile(bad, `{"products": [{"id": 1, "handle": "Bad Handle", "title": "x", "variants": []}], "colour": 1}`); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(dir, "k.db")}
	err := run(context.Background(), []string{"import", bad}, env(vars), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "colour") {
		t.Errorf("import of a document with an unknown field = %v, want an error naming it", err)
	}
}

func writeFile(path, content string) error { return os.WriteFile(path, []byte(content), 0o600) }
