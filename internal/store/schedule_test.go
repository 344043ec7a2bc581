package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

// TestScheduledRuns walks a daily job through two instances' claims: not due
// at first, due after a day, held while one runs, postponed after a failure,
// taken again after a crash.
func TestScheduledRuns(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		const job, day, lease = "sync", 24 * time.Hour, 30 * time.Minute
		start := time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)
		for _, step := range []struct {
			name  string
			owner string
			at    time.Duration
			// do is claim, claim-now (due whenever last run), finish or postpone.
			do   string
			want bool
		}{
			{"first met: counts as run now", "a", 0, "claim", false},
			{"not due within the day", "b", 23 * time.Hour, "claim", false},
			{"due after a day", "a", day, "claim", true},
			{"held while a runs", "b", day + time.Minute, "claim", false},
			{"a finishes", "a", day + 2*time.Minute, "finish", true},
			{"not due again until a day after a finished", "b", 2 * day, "claim", false},
			{"due a day after", "b", 2*day + 2*time.Minute, "claim", true},
			{"b fails and postpones by five minutes", "b", 2*day + 3*time.Minute, "postpone", true},
			{"no one tries before then", "a", 2*day + 7*time.Minute, "claim", false},
			{"a takes it after", "a", 2*day + 8*time.Minute, "claim", true},
			{"a dies; its lease runs out; b takes it", "b", 2*day + 38*time.Minute, "claim", true},
			{"a late finish by a changes nothing", "a", 2*day + 39*time.Minute, "finish", true},
			{"still held by b", "a", 2*day + 40*time.Minute, "claim-now", false},
			{"b finishes", "b", 2*day + 41*time.Minute, "finish", true},
			{"an empty shop claims at once", "a", 2*day + 42*time.Minute, "claim-now", true},
		} {
			now := start.Add(step.at)
			var got bool
			var err error
			switch step.do {
			case "claim":
				got, err = db.ClaimScheduledRun(ctx, job, step.owner, now, now.Add(-day), now.Add(lease))
			case "claim-now":
				got, err = db.ClaimScheduledRun(ctx, job, step.owner, now, now, now.Add(lease))
			case "finish":
				got, err = true, db.FinishScheduledRun(ctx, job, step.owner, now)
			case "postpone":
				got, err = true, db.PostponeScheduledRun(ctx, job, step.owner, now.Add(5*time.Minute))
			}
			if err != nil || got != step.want {
				t.Fatalf("%s: %v, %v; want %v", step.name, got, err, step.want)
			}
		}
	})
}

// TestScheduledRunClaimedByOneOfMany has several instances claim a due job
// at once.
func TestScheduledRunClaimedByOneOfMany(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)
		var claimed atomic.Int32
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Go(func() {
				ok, err := db.ClaimScheduledRun(ctx, "sync", fmt.Sprint("instance-", i), now, now, now.Add(time.Minute))
				if err != nil {
					t.Error(err)
				}
				if ok {
					claimed.Add(1)
				}
			})
		}
		wg.Wait()
		if n := claimed.Load(); n != 1 {
			t.Errorf("%d instances claimed the run, want 1", n)
		}
	})
}
