package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

// TestPurgeWebhookEvents deletes applied events older than the cut-off, and
// never one still waiting to be applied, however old.
func TestPurgeWebhookEvents(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
		addEvents(t, db, start, "applied-early", "applied-late", "pending")
		if _, err := db.ClaimWebhookEvents(ctx, "w", start, start.Add(time.Minute), 2); err != nil {
			t.Fatal(err)
		}
		if err := db.FinishWebhookEvents(ctx, "w", []string{"applied-early"}, start.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := db.FinishWebhookEvents(ctx, "w", []string{"applied-late"}, start.Add(3*time.Hour)); err != nil {
			t.Fatal(err)
		}
		for _, step := range []struct {
			name       string
			before     time.Time
			wantPurged int64
			wantLeft   []string
		}{
			{"nothing applied before the cut-off", start.Add(time.Hour), 0, []string{"applied-early", "applied-late", "pending"}},
			{"the event applied before it goes", start.Add(2 * time.Hour), 1, []string{"applied-late", "pending"}},
			{"a pending event stays whatever its age", start.AddDate(1, 0, 0), 1, []string{"pending"}},
		} {
			purged, err := db.PurgeWebhookEvents(ctx, step.before)
			if err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			left, err := store.WebhookEventIDs(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			if purged != step.wantPurged || !slices.Equal(left, step.wantLeft) {
				t.Errorf("%s: purged %d, left %v; want %d, %v", step.name, purged, left, step.wantPurged, step.wantLeft)
			}
		}
	})
}
