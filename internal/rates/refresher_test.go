package rates

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"
)

func TestNextWait(t *testing.T) {
	for _, test := range []struct {
		failures int
		want     time.Duration
	}{
		{0, time.Hour},
		{1, time.Minute},
		{2, 2 * time.Minute},
		{3, 4 * time.Minute},
		{6, 32 * time.Minute},
		{7, time.Hour},
		{100, time.Hour},
	} {
		if got := nextWait(test.failures); got != test.want {
			t.Errorf("nextWait(%d) = %v, want %v", test.failures, got, test.want)
		}
	}
}

// fakeTime records the refresher's waits instead of waiting, and ends its run
// after the given number of waits.
type fakeTime struct {
	waits  []time.Duration
	jitter []time.Duration // the largest jitter asked for, per wait
	stopAt int
	cancel context.CancelFunc
}

func (f *fakeTime) sleep(ctx context.Context, d time.Duration) error {
	f.waits = append(f.waits, d)
	if len(f.waits) == f.stopAt {
		f.cancel()
		return ctx.Err()
	}
	return nil
}

// jitter asks for the largest jitter, so the test sees the bound it is given.
func (f *fakeTime) jitterMax(n time.Duration) time.Duration {
	f.jitter = append(f.jitter, n)
	return n
}

func TestRefresherSchedule(t *testing.T) {
	store := &memStore{}
	s := NewService(store, fridayEvening().Now)
	p := answers(failed(), failed(), ok(thursday), failed(), ok(friday))
	ctx, cancel := context.WithCancel(context.Background())
	ft := &fakeTime{stopAt: 5, cancel: cancel}
	r := NewRefresher(s, p, slog.New(slog.NewTextHandler(io.Discard, nil)))
	r.sleep, r.jitter = ft.sleep, ft.jitterMax

	r.Run(ctx)

	base := []time.Duration{time.Minute, 2 * time.Minute, time.Hour, time.Minute, time.Hour}
	if len(ft.waits) != len(base) || p.fetches != 5 {
		t.Fatalf("waits %v after %d fetches; want %d waits after 5 fetches", ft.waits, p.fetches, len(base))
	}
	for i, b := range base {
		if want := b + b/jitterShare; ft.waits[i] != want || ft.jitter[i] != b/jitterShare {
			t.Errorf("wait %d = %v (jitter up to %v), want %v (%v plus up to a tenth)", i, ft.waits[i], ft.jitter[i], want, b)
		}
	}
	if q := current(t, s); q.Stale || q.Table.String() != friday.String() {
		t.Errorf("after the run: %v (stale %v), want Friday's rates, fresh", q.Table, q.Stale)
	}
}

func TestRefresherStopsWhenItsContextEnds(t *testing.T) {
	s := NewService(&memStore{}, fridayEvening().Now)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	r := NewRefresher(s, answers(ok(friday)), slog.New(slog.NewTextHandler(io.Discard, nil)))
	go func() { r.Run(ctx); close(done) }()
	cancel() // Run is in its first real hour-long wait, or about to be
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
}

func TestRealJitterStaysInBounds(t *testing.T) {
	r := NewRefresher(nil, nil, nil)
	for range 1000 {
		if j := r.jitter(6 * time.Minute); j < 0 || j > 6*time.Minute {
			t.Fatalf("jitter(6m) = %v", j)
		}
	}
}
