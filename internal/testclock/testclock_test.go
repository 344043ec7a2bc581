package testclock_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"knitfront/internal/testclock"
)

var start = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)

func TestClockMovesOnlyWhenTold(t *testing.T) {
	for _, test := range []struct {
		name string
		move func(*testclock.Clock)
		want time.Time
	}{
		{"Untouched", func(*testclock.Clock) {}, start},
		{"Advance", func(c *testclock.Clock) { c.Advance(90 * time.Second) }, start.Add(90 * time.Second)},
		{"AdvanceTwice", func(c *testclock.Clock) { c.Advance(time.Hour); c.Advance(time.Minute) }, start.Add(time.Hour + time.Minute)},
		{"SetBack", func(c *testclock.Clock) { c.Set(start.Add(-24 * time.Hour)) }, start.Add(-24 * time.Hour)},
		{"SetThenAdvance", func(c *testclock.Clock) { c.Set(start.Add(time.Hour)); c.Advance(time.Second) }, start.Add(time.Hour + time.Second)},
	} {
		t.Run(test.name, func(t *testing.T) {
			c := testclock.New(start)
			test.move(c)
			if got := c.Now(); !got.Equal(test.want) {
				t.Errorf("Now() = %v, want %v", got, test.want)
			}
		})
	}
}

// The race detector checks that readers and movers may share a clock.
func TestClockIsSafeForConcurrentUse(t *testing.T) {
	c := testclock.New(start)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			c.Advance(time.Second)
			_ = c.Now()
		})
	}
	wg.Wait()
	if got, want := c.Now(), start.Add(8*time.Second); !got.Equal(want) {
		t.Errorf("Now() = %v, want %v", got, want)
	}
}

func TestSleepMovesTheClockAndRecordsTheWait(t *testing.T) {
	c := testclock.New(start)
	for _, d := range []time.Duration{2 * time.Second, 500 * time.Millisecond} {
		if err := c.Sleep(context.Background(), d); err != nil {
			t.Fatalf("Sleep(%v) = %v", d, err)
		}
	}
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	if err := c.Sleep(ended, time.Hour); err != context.Canceled {
		t.Errorf("Sleep on an ended context = %v, want context.Canceled", err)
	}
	if got, want := c.Now(), start.Add(2500*time.Millisecond); !got.Equal(want) {
		t.Errorf("Now() = %v, want %v: an ended context moves nothing", got, want)
	}
	if got, want := c.Sleeps(), []time.Duration{2 * time.Second, 500 * time.Millisecond}; !slices.Equal(got, want) {
		t.Errorf("Sleeps() = %v, want %v", got, want)
	}
}
