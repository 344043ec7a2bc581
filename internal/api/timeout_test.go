package api_test

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"knitfront/internal/api"
	"knitfront/internal/catalog"
	"knitfront/internal/rates"
	"knitfront/internal/reviews"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

// freeze holds a lock on the database at databaseURL that review posts
// wait for, until the returned function releases it: SQLite's write lock,
// or on PostgreSQL an exclusive lock on the knitters.
func freeze(t *testing.T, engine store.Engine, databaseURL string) (release func()) {
	t.Helper()
	driver, dsn := "pgx", databaseURL
	lock := "LOCK TABLE knitters IN ACCESS EXCLUSIVE MODE"
	if engine == store.SQLite {
		driver, dsn = "sqlite", "file:"+strings.TrimPrefix(databaseURL, "sqlite:")
		lock = "INSERT INTO knitters SELECT * FROM knitters WHERE false"
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(lock); err != nil {
		t.Fatal(err)
	}
	return func() {
		_ = tx.Rollback()
		db.Close()
	}
}

// TestAFrozenDatabaseAnswers503WithinTheDeadline posts 300 reviews at once
// while another connection holds the lock they wait for: each must answer
// 503 with the JSON error and a Retry-After soon after the deadline, and
// once the lock goes the next post must be stored.
func TestAFrozenDatabaseAnswers503WithinTheDeadline(t *testing.T) {
	const (
		deadline = 300 * time.Millisecond
		requests = 300
	)
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			databaseURL := engine.NewURL(t)
			ctx := context.Background()
			db, err := store.OpenWithin(ctx, databaseURL, deadline)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if err := db.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Import(ctx, catalog.Document{Knitters: testKnitters}); err != nil {
				t.Fatal(err)
			}
			server := httptest.NewServer(api.New(api.Config{
				DB:             db,
				DBTimeout:      deadline,
				AllowedOrigins: []string{shopOrigin},
				Reviews:        reviews.NewService(db, reviews.Options{Limiter: reviews.NewWindowLimiter(generous, time.Now)}),
			}))
			defer server.Close()
			post := func(text string) (*http.Response, string) {
				req, _ := http.NewRequest(http.MethodPost, server.URL+"/api/knitters/1/reviews", strings.NewReader(review(text, "Ona")))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Origin", shopOrigin)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return nil, ""
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp, string(b)
			}
			if resp, got := post("Before the freeze."); resp == nil || resp.StatusCode != http.StatusCreated {
				t.Fatalf("before the freeze: %v %s", resp, got)
			}

			release := freeze(t, engine.Name, databaseURL)
			start := time.Now()
			var wg sync.WaitGroup
			var mu sync.Mutex
			var slowest time.Duration
			for i := range requests {
				wg.Go(func() {
					resp, got := post("Frozen " + string(rune('a'+i%26)) + time.Now().String())
					took := time.Since(start)
					mu.Lock()
					slowest = max(slowest, took)
					mu.Unlock()
					if resp == nil {
						return
					}
					if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" ||
						!strings.Contains(got, `"error":{"code":`) {
						t.Errorf("with the database frozen: %d, Retry-After %q, %s", resp.StatusCode, resp.Header.Get("Retry-After"), got)
					}
				})
			}
			wg.Wait()
			release()
			t.Logf("%s: %d concurrent posts with the database frozen all answered within %v (deadline %v)", engine.Name, requests, slowest.Round(time.Millisecond), deadline)
			// Generous for a loaded 2-core machine; without a deadline they wait for ever.
			if slowest > deadline+5*time.Second {
				t.Errorf("the slowest answer took %v", slowest)
			}
			// The database first works through what the freeze held back, the requests' canceled
			// statements among them: on a loaded machine that takes it a moment after the release.
			// The server must then store posts again, without a restart.
			recovered := time.Now().Add(5 * time.Second)
			for {
				resp, got := post("After the freeze.")
				if resp != nil && resp.StatusCode == http.StatusCreated {
					break
				}
				if time.Now().After(recovered) {
					t.Errorf("5 s after the freeze the pool had not recovered: %v %s", resp, got)
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
		})
	}
}

// hungRates answers only when the request's context ends, as a store that
// never answers does.
type hungRates struct{}

func (hungRates) Current(ctx context.Context) (rates.Quote, error) {
	<-ctx.Done()
	return rates.Quote{}, ctx.Err()
}

func TestWorkPastTheDeadlineAnswers503(t *testing.T) {
	const deadline = 50 * time.Millisecond
	s := newTestServer(t, func(cfg *api.Config) {
		cfg.Rates = hungRates{}
		cfg.DBTimeout = deadline
	})
	start := time.Now()
	resp := s.get(t, "/api/currency-rates/EUR")
	if code := errorCode(t, resp); resp.StatusCode != http.StatusServiceUnavailable || code != "timeout" || resp.Header.Get("Retry-After") == "" {
		t.Errorf("= %d %s, Retry-After %q; want 503 timeout with a Retry-After", resp.StatusCode, code, resp.Header.Get("Retry-After"))
	}
	if took := time.Since(start); took > deadline+5*time.Second {
		t.Errorf("answered after %v", took)
	}
}
