package store_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

// addEvents keeps a products/update event of each id in the inbox, received a
// second apart from start on.
func addEvents(t *testing.T, db *store.DB, start time.Time, ids ...string) {
	t.Helper()
	for i, id := range ids {
		e := store.WebhookEvent{ID: id, Topic: "products/update", ShopDomain: "knit-shop.myshopify.com",
			ReceivedAt: start.Add(time.Duration(i) * time.Second), Body: []byte(`{"id":1}`)}
		if _, err := db.AddWebhookEvent(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
}

func eventIDs(events []store.WebhookEvent) []string {
	var ids []string
	for _, e := range events {
		ids = append(ids, e.ID)
	}
	return ids
}

// TestClaimWebhookEventsHoldsEachForOneOwner walks events through claims by
// two workers, a lease that runs out, and finishing.
func TestClaimWebhookEventsHoldsEachForOneOwner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)
		addEvents(t, db, start, "first", "second", "third")
		lease := 30 * time.Second
		for _, step := range []struct {
			name   string
			owner  string
			at     time.Duration
			limit  int
			finish []string
			want   []string
		}{
			{"a takes the two oldest", "a", 10 * time.Second, 2, nil, []string{"first", "second"}},
			{"b takes what a does not hold", "b", 11 * time.Second, 10, nil, []string{"third"}},
			{"nothing is left while the leases last", "b", 20 * time.Second, 10, nil, nil},
			{"a's lease ran out: b takes its events", "b", 40 * time.Second, 10, nil, []string{"first", "second"}},
			{"a finishing what b now holds marks nothing", "a", 42 * time.Second, 0, []string{"first"}, nil},
			{"b finishes all three", "b", 43 * time.Second, 0, []string{"first", "second", "third"}, nil},
			{"applied events are never taken again, even past every lease", "a", time.Hour, 10, nil, nil},
		} {
			now := start.Add(step.at)
			if step.finish != nil {
				if err := db.FinishWebhookEvents(ctx, step.owner, step.finish, now); err != nil {
					t.Fatalf("%s: %v", step.name, err)
				}
				continue
			}
			got, err := db.ClaimWebhookEvents(ctx, step.owner, now, now.Add(lease), step.limit)
			if err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			if !slices.Equal(eventIDs(got), step.want) {
				t.Errorf("%s: claimed %v, want %v", step.name, eventIDs(got), step.want)
			}
		}
	})
}

// TestClaimWebhookEventsConcurrently has several workers claim at once, as
// instances on one database do: each event goes to exactly one.
func TestClaimWebhookEventsConcurrently(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)
		const events, workers = 60, 4
		for i := range events {
			e := store.WebhookEvent{ID: fmt.Sprintf("event-%03d", i), Topic: "products/update", ShopDomain: "knit-shop.myshopify.com",
				ReceivedAt: now.Add(-time.Duration(events-i) * time.Millisecond), Body: []byte(`{}`)}
			if _, err := db.AddWebhookEvent(ctx, e); err != nil {
				t.Fatal(err)
			}
		}
		var mu sync.Mutex
		claimed := map[string]int{}
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for {
					got, err := db.ClaimWebhookEvents(ctx, fmt.Sprint("worker-", w), now, now.Add(time.Minute), 5)
					if err != nil {
						t.Error(err)
						return
					}
					if len(got) == 0 {
						return
					}
					mu.Lock()
					for _, e := range got {
						claimed[e.ID]++
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(claimed) != events {
			t.Errorf("%d events claimed, want %d", len(claimed), events)
		}
		for id, n := range claimed {
			if n != 1 {
				t.Errorf("%s claimed %d times", id, n)
			}
		}
	})
}
