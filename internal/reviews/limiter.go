package reviews

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Limiter decides whether a client may post a review now. WindowLimiter
// counts in one process's memory; SharedLimiter counts in the database, for
// every instance on it.
type Limiter interface {
	// Allow takes one post from the client's allowance and returns 0, or,
	// when none is left, how long until one is (and takes nothing).
	Allow(ctx context.Context, client string) (retryAfter time.Duration, err error)
}

// Rate is how many posts a client may make in any period of Per.
type Rate struct {
	Posts int
	Per   time.Duration
}

// DefaultRate is the reviews a client may post by default: enough for a
// person who reviews several knitters, too few for a flood.
var DefaultRate = Rate{Posts: 5, Per: time.Minute}

// ParseRate reads a rate written as POSTS/PERIOD, such as 5/1m or 100/1h.
func ParseRate(s string) (Rate, error) {
	posts, per, ok := strings.Cut(s, "/")
	n, err := strconv.Atoi(posts)
	if !ok || err != nil || n < 1 || n > maxPosts {
		return Rate{}, fmt.Errorf("rate %q: want POSTS/PERIOD with a whole number of posts from 1 to %d, such as 5/1m", s, maxPosts)
	}
	d, err := time.ParseDuration(per)
	if err != nil || d < time.Second {
		return Rate{}, fmt.Errorf("rate %q: want POSTS/PERIOD with a period of at least 1s, such as 5/1m", s)
	}
	return Rate{Posts: n, Per: d}, nil
}

// maxTrackedClients bounds the limiter's memory, at some 200 bytes a client
// plus 24 a post. Only clients that posted within the last period are
// tracked; should more than this post within one, new ones wait until the
// oldest drop out.
const maxTrackedClients = 100_000

// maxPosts bounds a rate's posts, since the limiter keeps the time of each.
const maxPosts = 10_000

// WindowLimiter allows each client rate.Posts posts in any period of
// rate.Per, counted in this process's memory. It keeps the times of each
// client's recent posts, so its answer to a refused client is exact (the
// moment the oldest of them leaves the period), which suits the small
// limits of public writes.
type WindowLimiter struct {
	rate Rate
	now  func() time.Time

	mu        sync.Mutex
	posts     map[string][]time.Time // per client, oldest first, at most rate.Posts
	lastSweep time.Time
}

// fullSweepInterval spaces the sweeps of a full limiter, so that a flood of
// new clients does not make every request walk all of them.
const fullSweepInterval = time.Second

var _ Limiter = (*WindowLimiter)(nil)

// NewWindowLimiter returns a limiter of rate that reads the time from now.
func NewWindowLimiter(rate Rate, now func() time.Time) *WindowLimiter {
	return &WindowLimiter{rate: rate, now: now, posts: map[string][]time.Time{}}
}

// Allow implements Limiter.
func (l *WindowLimiter) Allow(_ context.Context, client string) (time.Duration, error) {
	now := l.now()
	since := now.Add(-l.rate.Per)
	l.mu.Lock()
	defer l.mu.Unlock()
	if sinceSweep := now.Sub(l.lastSweep); sinceSweep >= l.rate.Per ||
		len(l.posts) >= maxTrackedClients && sinceSweep >= fullSweepInterval {
		l.sweep(since)
		l.lastSweep = now
	}
	times, tracked := l.posts[client]
	if !tracked && len(l.posts) >= maxTrackedClients {
		return l.rate.Per, nil
	}
	var wait time.Duration
	l.posts[client], wait = take(times, now, l.rate)
	return wait, nil
}

// take applies rate to the times of a client's posts, oldest first: with
// fewer than rate.Posts in the period before now it adds now and returns 0;
// otherwise it returns how long until the oldest leaves the period. It
// returns the times that are still in the period.
func take(times []time.Time, now time.Time, rate Rate) ([]time.Time, time.Duration) {
	since := now.Add(-rate.Per)
	times = recent(times, since)
	if len(times) >= rate.Posts {
		return times, times[0].Sub(since)
	}
	return append(times, now), 0
}

// sweep forgets the clients with no post since the given time.
func (l *WindowLimiter) sweep(since time.Time) {
	for client, times := range l.posts {
		if !times[len(times)-1].After(since) {
			delete(l.posts, client)
		}
	}
}

// recent drops the times that are not after since.
func recent(times []time.Time, since time.Time) []time.Time {
	i := 0
	for i < len(times) && !times[i].After(since) {
		i++
	}
	return times[i:]
}

// Clients reports how many clients the limiter tracks.
func (l *WindowLimiter) Clients() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.posts)
}
