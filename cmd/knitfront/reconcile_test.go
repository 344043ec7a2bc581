package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"knitfront/internal/demo"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

func TestSyncIntervalSetting(t *testing.T) {
	for _, test := range []struct {
		value string
		want  time.Duration
		err   bool
	}{
		{"", 24 * time.Hour, false},
		{"6h", 6 * time.Hour, false},
		{"0", 0, false},
		{"0s", 0, false},
		{"30s", 0, true},
		{"-1h", 0, true},
		{"daily", 0, true},
	} {
		t.Run(test.value, func(t *testing.T) {
			c, _, err := parseConfig("serve", "", nil, env(map[string]string{"KNITFRONT_SYNC_INTERVAL": test.value}), io.Discard)
			if test.err {
				if err == nil || !strings.Contains(err.Error(), "KNITFRONT_SYNC_INTERVAL") {
					t.Errorf("err = %v, want one naming KNITFRONT_SYNC_INTERVAL", err)
				}
				return
			}
			if err != nil || c.Shopify.SyncInterval != test.want {
				t.Errorf("interval %v, %v; want %v", c.Shopify.SyncInterval, err, test.want)
			}
		})
	}
}

// TestReconcileRunsOnceAcrossInstances has two instances on one database
// check the schedule at the same moments of a fake clock: exactly one syncs
// an empty database at start, neither before the interval, one after it,
// and after a failure neither until the retry is due.
func TestReconcileRunsOnceAcrossInstances(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		start := time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)
		now := start
		var mu sync.Mutex
		var runs []string
		failing := false
		instance := func(name string) *reconciler {
			return &reconciler{
				db: db, interval: 24 * time.Hour, owner: name, log: slog.New(slog.NewTextHandler(io.Discard, nil)),
				now: func() time.Time { return now },
				sync: func(ctx context.Context) error {
					mu.Lock()
					runs = append(runs, name)
					mu.Unlock()
					if failing {
						return errors.New("token revoked")
					}
					_, err := db.Import(ctx, demo.Catalog())
					return err
				},
			}
		}
		instances := []*reconciler{instance("a"), instance("b")}
		for _, step := range []struct {
			name    string
			at      time.Duration
			atStart bool
			failing bool
			want    int
		}{
			{"an empty database at start", 0, true, false, 1},
			{"started again, not empty", time.Minute, true, false, 0},
			{"within the day", 23 * time.Hour, false, false, 0},
			{"a day after the last sync", 24*time.Hour + time.Minute, false, false, 1},
			{"a day later, failing", 48*time.Hour + 2*time.Minute, false, true, 1},
			{"before the retry", 48*time.Hour + 6*time.Minute, false, false, 0},
			{"the retry", 48*time.Hour + 7*time.Minute, false, false, 1},
		} {
			now, failing, runs = start.Add(step.at), step.failing, nil
			var wg sync.WaitGroup
			for _, r := range instances {
				wg.Go(func() { _, _ = r.tick(context.Background(), step.atStart) })
			}
			wg.Wait()
			if len(runs) != step.want {
				t.Fatalf("%s: synced by %v, want %d sync", step.name, runs, step.want)
			}
		}
	})
}

// TestServeSyncsAnEmptyDatabaseAtStart: serve with the shop set and no
// products reads the catalogue from the shop before anything else.
func TestServeSyncsAnEmptyDatabaseAtStart(t *testing.T) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			dev, shop := startStandIn(t, nil)
			addr, _, _ := startServer(t, []string{"serve"}, map[string]string{
				"DATABASE_URL": engine.NewURL(t), "KNITFRONT_ADDR": "127.0.0.1:0",
				"KNITFRONT_SHOPIFY_SHOP": shop, "KNITFRONT_SHOPIFY_ADMIN_TOKEN": standInToken,
			})
			want := demo.Catalog().Products[0].Variants[0].ID
			waitFor(t, "the synced catalogue", func() bool { return slices.Contains(availableIDs(t, addr), want) })
			if n := dev.Requests("RunBulkQuery"); n != 1 {
				t.Errorf("%d bulk queries, want 1", n)
			}
		})
	}
}
