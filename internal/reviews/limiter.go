package reviews

import (
	"container/list"
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
	// Refund gives back the latest post Allow took from the client, as when
	// the attempt it counted turned out not to be one of those limited (a
	// double click's duplicate, a right admin token among wrong ones).
	// Counting first and refunding after keeps concurrent attempts from all
	// passing before any of them counts.
	Refund(ctx context.Context, client string) error
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

// maxTrackedClients bounds the limiter's memory, at some 250 bytes a client
// plus 24 a post. Should more clients than this post within one period, the
// one below its limit that asked least recently is forgotten: it may post
// again sooner than its limit says, but no newcomer is ever refused for
// want of room. Clients at their limit are forgotten only when every
// tracked client is, so that churning through addresses does not free one
// that is being refused.
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

	mu sync.Mutex
	// byClient finds a client's element of recency or of limited, which
	// list the clients below their limit and those at it, each in the
	// order they last asked, least recent first.
	byClient map[string]*list.Element
	recency  list.List // of *clientPosts
	limited  list.List // of *clientPosts
}

// clientPosts are the times of a client's posts in the period, oldest
// first, at most rate.Posts.
type clientPosts struct {
	client string
	times  []time.Time
}

var _ Limiter = (*WindowLimiter)(nil)

// NewWindowLimiter returns a limiter of rate that reads the time from now.
func NewWindowLimiter(rate Rate, now func() time.Time) *WindowLimiter {
	return &WindowLimiter{rate: rate, now: now, byClient: map[string]*list.Element{}}
}

// Allow implements Limiter.
func (l *WindowLimiter) Allow(_ context.Context, client string) (time.Duration, error) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.forgetIdle(&l.recency, now.Add(-l.rate.Per))
	l.forgetIdle(&l.limited, now.Add(-l.rate.Per))
	posts := &clientPosts{client: client}
	if e, tracked := l.byClient[client]; tracked {
		posts = e.Value.(*clientPosts)
		l.forget(e)
	} else if len(l.byClient) >= maxTrackedClients {
		oldest := l.recency.Front()
		if oldest == nil {
			oldest = l.limited.Front()
		}
		l.forget(oldest)
	}
	var wait time.Duration
	posts.times, wait = take(posts.times, now, l.rate)
	l.track(posts)
	return wait, nil
}

// track lists a client as the most recent to ask, among those at their
// limit or those below it.
func (l *WindowLimiter) track(posts *clientPosts) {
	into := &l.recency
	if len(posts.times) >= l.rate.Posts {
		into = &l.limited
	}
	l.byClient[posts.client] = into.PushBack(posts)
}

// Refund implements Limiter.
func (l *WindowLimiter) Refund(_ context.Context, client string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, tracked := l.byClient[client]
	if !tracked {
		return nil
	}
	posts := e.Value.(*clientPosts)
	l.forget(e)
	if len(posts.times) > 0 {
		posts.times = posts.times[:len(posts.times)-1]
	}
	// forgetIdle reads each tracked client's latest post: none, none tracked.
	if len(posts.times) > 0 {
		l.track(posts)
	}
	return nil
}

// take applies rate to the times of a client's posts, oldest first: with
// fewer than rate.Posts in the period before now it adds now and returns 0;
// otherwise it returns how long until the oldest leaves the period. It
// returns the times that are still in the period.
func take(times []time.Time, now time.Time, rate Rate) ([]time.Time, time.Duration) {
	times, wait := waitFor(times, now.Add(-rate.Per), rate.Posts)
	if wait > 0 {
		return times, wait
	}
	return append(times, now), 0
}

// waitFor returns the times of a client's posts that are after since, the
// start of the period, and how long until it may post again: 0 with fewer
// than posts of them, else until the oldest leaves the period.
func waitFor(times []time.Time, since time.Time, posts int) ([]time.Time, time.Duration) {
	times = recent(times, since)
	if len(times) < posts {
		return times, 0
	}
	return times, times[0].Sub(since)
}

// forgetIdle forgets, from the least recent, the clients with no post since
// the given time. It stops at the first that has one, so each call costs
// what it forgets; a client refused at its limit moves to the back with its
// old posts and waits there a little longer than it need.
func (l *WindowLimiter) forgetIdle(clients *list.List, since time.Time) {
	for e := clients.Front(); e != nil; e = clients.Front() {
		times := e.Value.(*clientPosts).times
		if times[len(times)-1].After(since) {
			return
		}
		l.forget(e)
	}
}

// forget stops tracking a client; Remove leaves a list the element is not
// in alone.
func (l *WindowLimiter) forget(e *list.Element) {
	delete(l.byClient, e.Value.(*clientPosts).client)
	l.recency.Remove(e)
	l.limited.Remove(e)
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
	return len(l.byClient)
}
