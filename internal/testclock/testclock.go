// Package testclock is a clock for tests that moves only when told, so that
// tests of expiry, rate limits and staleness run without waiting.
package testclock

import (
	"context"
	"slices"
	"sync"
	"time"
)

// Clock is a fake clock, safe for concurrent use. Pass its Now method where
// the code under test takes a func() time.Time.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

// New returns a clock that reads start until it is advanced or set.
func New(start time.Time) *Clock {
	return &Clock{now: start}
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Set moves the clock to t, forward or back.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

// Sleep stands in for a wait of d: it moves the clock by d at once and
// records the wait, unless ctx has already ended. Pass it where the code under
// test takes a func(context.Context, time.Duration) error.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	c.sleeps = append(c.sleeps, d)
	return nil
}

// Sleeps returns the waits Sleep stood in for, in order.
func (c *Clock) Sleeps() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.sleeps)
}
