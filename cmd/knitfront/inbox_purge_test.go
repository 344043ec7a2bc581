package main

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

// The worker deletes the events applied more than a week ago, once an hour,
// on its own clock.
func TestInboxWorkerPurgesAppliedEvents(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		start := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
		for _, id := range []string{"early", "late"} {
			e := store.WebhookEvent{ID: id, Topic: "products/update", ShopDomain: "knit-shop.myshopify.com", ReceivedAt: start, Body: []byte(`{"id":1}`)}
			if _, err := db.AddWebhookEvent(ctx, e); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.ClaimWebhookEvents(ctx, "w", start, start.Add(time.Minute), 10); err != nil {
			t.Fatal(err)
		}
		for id, at := range map[string]time.Time{"early": start, "late": start.Add(30 * time.Minute)} {
			if err := db.FinishWebhookEvents(ctx, "w", []string{id}, at); err != nil {
				t.Fatal(err)
			}
		}

		var logs bytes.Buffer
		w := newInboxWorker(db, nil, "w", slog.New(slog.NewJSONHandler(&logs, nil)))
		week := 7 * 24 * time.Hour
		for _, step := range []struct {
			name string
			at   time.Time
			want string // the purge's log line, or "" for none
		}{
			{"nothing applied a week ago", start.Add(time.Hour), ""},
			{"a week on, the early event goes", start.Add(week + 15*time.Minute), `"events":1,"applied_before":"2026-11-01T12:15:00Z"`},
			{"half an hour later the worker does not look", start.Add(week + 45*time.Minute), ""},
			{"an hour after its last purge, the late one goes", start.Add(week + 75*time.Minute), `"events":1,"applied_before":"2026-11-01T13:15:00Z"`},
			{"then nothing is left to purge", start.Add(week + 3*time.Hour), ""},
		} {
			logs.Reset()
			w.now = func() time.Time { return step.at }
			w.purgeIfDue(ctx)
			got := logs.String()
			if step.want == "" && got != "" || step.want != "" && !strings.Contains(got, step.want) {
				t.Errorf("%s: logged %q, want %q", step.name, got, step.want)
			}
		}
	})
}
