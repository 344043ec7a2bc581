package rates

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"time"
)

// The refresh schedule. The ECB publishes once a working day, at about 16:00
// CET; refreshing hourly serves its rates within the hour at 24 small
// requests a day per instance.
const (
	// RefreshInterval is the wait after a successful refresh.
	RefreshInterval = time.Hour
	// RetryAfter is the wait after a failed refresh; it doubles with every
	// failure in a row, up to RefreshInterval.
	RetryAfter = time.Minute
	// jitterShare: each wait is lengthened by a random part of up to
	// 1/jitterShare of itself, so instances started together spread out.
	jitterShare = 10
)

// Refresher refreshes a service's rates from a provider on the schedule above
// until its context ends.
type Refresher struct {
	service  *Service
	provider Provider
	log      *slog.Logger
	// sleep waits d, or returns the context's error when it ends first.
	sleep func(ctx context.Context, d time.Duration) error
	// jitter returns a random duration in [0, n]: n is at most an hour.
	jitter func(n time.Duration) time.Duration
}

// NewRefresher returns a refresher on real time.
func NewRefresher(s *Service, p Provider, log *slog.Logger) *Refresher {
	return &Refresher{service: s, provider: p, log: log, sleep: sleep,
		jitter: func(n time.Duration) time.Duration { return rand.N(n + 1) }}
}

func sleep(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Run refreshes at once, then on schedule, until ctx ends.
func (r *Refresher) Run(ctx context.Context) {
	failures := 0
	for {
		t, err := r.service.Refresh(ctx, r.provider)
		if ctx.Err() != nil {
			return
		}
		if fetched := err == nil || errors.Is(err, ErrNotStored); fetched {
			failures = 0
		} else {
			failures++
		}
		wait := nextWait(failures)
		wait += r.jitter(wait / jitterShare)
		switch {
		case failures > 0:
			r.log.Warn("currency rates refresh failed; serving the last known rates", "err", err, "failures", failures, "retry_in", wait)
		case err != nil:
			r.log.Error("currency rates fetched and served, but not stored", "err", err, "date", t.Date.Format(time.DateOnly))
		default:
			r.log.Info("currency rates refreshed", "source", t.Source, "date", t.Date.Format(time.DateOnly), "next_in", wait)
		}
		if r.sleep(ctx, wait) != nil {
			return
		}
	}
}

// nextWait is the wait before the next refresh after the given number of
// failures in a row (0 after a success), before jitter.
func nextWait(failures int) time.Duration {
	if failures == 0 {
		return RefreshInterval
	}
	wait := RetryAfter
	for range failures - 1 {
		wait *= 2
		if wait >= RefreshInterval {
			return RefreshInterval
		}
	}
	return wait
}
