package reviews_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"knitfront/internal/reviews"
	"knitfront/internal/store/storetest"
	"knitfront/internal/testclock"
)

// newFakeClock is a clock that moves only when told, from one fixed noon.
func newFakeClock() *testclock.Clock {
	return testclock.New(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC))
}

func allow(t *testing.T, l reviews.Limiter, client string) time.Duration {
	t.Helper()
	wait, err := l.Allow(context.Background(), client)
	if err != nil {
		t.Fatal(err)
	}
	return wait
}

// newLimiter returns a fresh limiter of one kind.
type newLimiter func(t *testing.T, rate reviews.Rate, now func() time.Time) reviews.Limiter

// limiterKinds are every kind of limiter: in memory, and shared over a fresh
// database of each engine.
func limiterKinds(t *testing.T) map[string]newLimiter {
	kinds := map[string]newLimiter{
		"memory": func(_ *testing.T, rate reviews.Rate, now func() time.Time) reviews.Limiter {
			return reviews.NewWindowLimiter(rate, now)
		},
	}
	for _, engine := range storetest.Engines(t) {
		kinds["shared/"+string(engine.Name)] = func(t *testing.T, rate reviews.Rate, now func() time.Time) reviews.Limiter {
			return reviews.NewSharedLimiter(rate, now, storetest.Open(t, engine.NewURL(t)))
		}
	}
	return kinds
}

func TestLimitersAllowFivePostsInAnyMinute(t *testing.T) {
	for name, newLimiter := range limiterKinds(t) {
		t.Run(name, func(t *testing.T) {
			clock := newFakeClock()
			l := newLimiter(t, reviews.DefaultRate, clock.Now)
			for i := range 5 {
				if wait := allow(t, l, "a"); wait != 0 {
					t.Fatalf("post %d was refused (wait %s)", i+1, wait)
				}
				clock.Advance(10 * time.Second)
			}
			// Posts at 0, 10, 20, 30 and 40 s; now 50 s.
			if wait := allow(t, l, "a"); wait != 10*time.Second {
				t.Errorf("the sixth post within a minute: wait %s, want 10s (until the first leaves the minute)", wait)
			}
			if wait := allow(t, l, "b"); wait != 0 {
				t.Errorf("another client was refused (wait %s)", wait)
			}
			clock.Advance(9 * time.Second)
			if wait := allow(t, l, "a"); wait != time.Second {
				t.Errorf("at 59 s: wait %s, want 1s", wait)
			}
			clock.Advance(time.Second)
			if wait := allow(t, l, "a"); wait != 0 {
				t.Errorf("at 60 s the first post left the minute, yet the client waits %s", wait)
			}
			if wait := allow(t, l, "a"); wait != 10*time.Second {
				t.Errorf("right after: wait %s, want 10s (the post at 10 s leaves at 70 s)", wait)
			}
		})
	}
}

// TestSharedLimiterHoldsAcrossInstances posts as one client through two
// instances at once, alternately: together they allow what one would.
func TestSharedLimiterHoldsAcrossInstances(t *testing.T) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			u := engine.NewURL(t)
			clock := newFakeClock()
			instances := []reviews.Limiter{
				reviews.NewSharedLimiter(reviews.DefaultRate, clock.Now, storetest.Open(t, u)),
				reviews.NewSharedLimiter(reviews.DefaultRate, clock.Now, storetest.Open(t, u)),
			}
			const posts = 24
			var allowed, refused atomic.Int64
			var wg sync.WaitGroup
			for i := range posts {
				wg.Go(func() {
					wait, err := instances[i%2].Allow(context.Background(), "one-client")
					switch {
					case err != nil:
						t.Error(err)
					case wait == 0:
						allowed.Add(1)
					case wait != time.Minute:
						t.Errorf("a refused post waits %s; want 1m0s, since all posts came at one moment", wait)
					default:
						refused.Add(1)
					}
				})
			}
			wg.Wait()
			if allowed.Load() != int64(reviews.DefaultRate.Posts) || refused.Load() != posts-int64(reviews.DefaultRate.Posts) {
				t.Errorf("%d concurrent posts through two instances: %d allowed, %d refused; want %d allowed",
					posts, allowed.Load(), refused.Load(), reviews.DefaultRate.Posts)
			}
		})
	}
}

func TestSharedLimiterForgetsIdleClients(t *testing.T) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			db := storetest.Open(t, engine.NewURL(t))
			clock := newFakeClock()
			l := reviews.NewSharedLimiter(reviews.Rate{Posts: 2, Per: time.Minute}, clock.Now, db)
			allow(t, l, "early")
			clock.Advance(30 * time.Second)
			allow(t, l, "recent")
			clock.Advance(31 * time.Second)
			allow(t, l, "late") // a minute since the last sweep: sweeps first
			for client, want := range map[string]int{"early": 0, "recent": 1, "late": 1} {
				var recorded []time.Time
				if err := db.UpdateClientPosts(context.Background(), client, func(posts []time.Time) []time.Time {
					recorded = posts
					return posts
				}); err != nil {
					t.Fatal(err)
				}
				if len(recorded) != want {
					t.Errorf("%s: %d posts recorded, want %d", client, len(recorded), want)
				}
			}
		})
	}
}

func TestWindowLimiterForgetsIdleClients(t *testing.T) {
	clock := newFakeClock()
	l := reviews.NewWindowLimiter(reviews.Rate{Posts: 2, Per: time.Minute}, clock.Now)
	for i := range 1000 {
		allow(t, l, fmt.Sprint("client-", i))
	}
	if n := l.Clients(); n != 1000 {
		t.Fatalf("tracking %d clients, want 1000", n)
	}
	clock.Advance(time.Minute + time.Second)
	allow(t, l, "late")
	if n := l.Clients(); n != 1 {
		t.Errorf("a minute after their posts, still tracking %d clients; want only the new one", n)
	}
}

func TestWindowLimiterStaysBoundedUnderAFloodOfClientsAndStillTakesNewOnes(t *testing.T) {
	clock := newFakeClock()
	l := reviews.NewWindowLimiter(reviews.DefaultRate, clock.Now)
	const flood = 100_000 // the limiter's bound
	for i := range flood {
		allow(t, l, fmt.Sprint("bot-", i))
	}
	if wait := allow(t, l, "person"); wait != 0 {
		t.Errorf("a new client while the limiter is full: wait %s, want none", wait)
	}
	if n := l.Clients(); n != flood {
		t.Errorf("tracking %d clients, want at most %d", n, flood)
	}
	if wait := allow(t, l, "bot-1"); wait != 0 {
		t.Errorf("a tracked client with posts left was refused (wait %s)", wait)
	}
	for range reviews.DefaultRate.Posts - 1 {
		allow(t, l, "person")
	}
	if wait := allow(t, l, "person"); wait != time.Minute {
		t.Errorf("the new client over its limit: wait %s, want 1m0s", wait)
	}
}

func TestParseRate(t *testing.T) {
	for _, test := range []struct {
		in   string
		want reviews.Rate
		ok   bool
	}{
		{"5/1m", reviews.Rate{Posts: 5, Per: time.Minute}, true},
		{"100/1h", reviews.Rate{Posts: 100, Per: time.Hour}, true},
		{"1/1s", reviews.Rate{Posts: 1, Per: time.Second}, true},
		{"10000/1m", reviews.Rate{Posts: 10_000, Per: time.Minute}, true},
		{"10001/1m", reviews.Rate{}, false},
		{"5", reviews.Rate{}, false},
		{"0/1m", reviews.Rate{}, false},
		{"-1/1m", reviews.Rate{}, false},
		{"5/minute", reviews.Rate{}, false},
		{"5/1ms", reviews.Rate{}, false},
		{"five/1m", reviews.Rate{}, false},
		{"", reviews.Rate{}, false},
	} {
		got, err := reviews.ParseRate(test.in)
		if (err == nil) != test.ok || got != test.want {
			t.Errorf("ParseRate(%q) = %v, %v; want %v, ok %v", test.in, got, err, test.want, test.ok)
		}
	}
}

func TestLimitersRefundTakesBackTheLatestPost(t *testing.T) {
	for name, newLimiter := range limiterKinds(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			clock := newFakeClock()
			l := newLimiter(t, reviews.Rate{Posts: 2, Per: time.Minute}, clock.Now)
			refund := func(client string) {
				t.Helper()
				if err := l.Refund(ctx, client); err != nil {
					t.Fatal(err)
				}
			}
			allow(t, l, "admin")
			allow(t, l, "admin")
			refund("admin")
			if wait := allow(t, l, "admin"); wait != 0 {
				t.Errorf("after a refund at the limit: wait %s, want none", wait)
			}
			refund("admin")
			refund("admin")
			refund("admin")
			if w, ok := l.(*reviews.WindowLimiter); ok && w.Clients() != 0 {
				t.Errorf("every post refunded, still tracking %d clients", w.Clients())
			}
			for range 2 {
				if wait := allow(t, l, "admin"); wait != 0 {
					t.Errorf("every post refunded, a post waits %s", wait)
				}
			}
			refund("never seen")
			clock.Advance(time.Minute + time.Second)
			if wait := allow(t, l, "another"); wait != 0 {
				t.Errorf("a new client after the refunds: wait %s, want none", wait)
			}
		})
	}
}

// TestWindowLimiterKeepsARefusedClientThroughAddressChurn brings a client to
// its limit, then has 102,000 others post once each, more than the limiter
// tracks, as the attack did: the client is still refused, and the newest of
// the others still post.
func TestWindowLimiterKeepsARefusedClientThroughAddressChurn(t *testing.T) {
	clock := newFakeClock()
	l := reviews.NewWindowLimiter(reviews.DefaultRate, clock.Now)
	for range reviews.DefaultRate.Posts {
		allow(t, l, "limited")
	}
	for i := range 102_000 {
		if wait := allow(t, l, fmt.Sprint("churn-", i)); wait != 0 {
			t.Fatalf("churning client %d was refused (wait %s)", i, wait)
		}
	}
	if wait := allow(t, l, "limited"); wait != time.Minute {
		t.Errorf("the client at its limit after the churn: wait %s, want 1m0s: it was forgotten", wait)
	}
	if n := l.Clients(); n > 100_000 {
		t.Errorf("tracking %d clients, want at most 100,000", n)
	}
}
