package reviews

import (
	"context"
	"sync"
	"time"
)

// ClientPosts keeps the times of clients' recent posts where every instance
// sees them: the database (*store.DB implements it).
type ClientPosts interface {
	// UpdateClientPosts calls update with the times of the client's
	// recorded posts, oldest first, and records the times it returns
	// instead, in one transaction that holds back any other update of the
	// same client until it ends.
	UpdateClientPosts(ctx context.Context, client string, update func(posts []time.Time) []time.Time) error
	// ForgetClientsIdleSince forgets the clients whose last recorded post
	// is not after since.
	ForgetClientsIdleSince(ctx context.Context, since time.Time) error
}

// SharedLimiter is WindowLimiter's rule kept in the database, so that it
// holds across every instance on that database: N instances behind a load
// balancer allow a client what one would. Each post costs a short write
// transaction, which suits the small limits of public writes.
//
// Instances compare the times their own clocks gave; clocks kept by NTP
// agree far more closely than the limit's period needs.
type SharedLimiter struct {
	rate  Rate
	now   func() time.Time
	posts ClientPosts

	mu        sync.Mutex
	lastSweep time.Time
}

var _ Limiter = (*SharedLimiter)(nil)

// NewSharedLimiter returns a limiter of rate over posts that reads the time
// from now.
func NewSharedLimiter(rate Rate, now func() time.Time, posts ClientPosts) *SharedLimiter {
	return &SharedLimiter{rate: rate, now: now, posts: posts}
}

// Allow implements Limiter. Once a period it first forgets the clients that
// have been idle for one, so that the record holds only recent clients.
func (l *SharedLimiter) Allow(ctx context.Context, client string) (time.Duration, error) {
	now := l.now()
	if l.sweepDue(now) {
		if err := l.posts.ForgetClientsIdleSince(ctx, now.Add(-l.rate.Per)); err != nil {
			return 0, err
		}
	}
	var wait time.Duration
	err := l.posts.UpdateClientPosts(ctx, client, func(posts []time.Time) []time.Time {
		posts, wait = take(posts, now, l.rate)
		return posts
	})
	return wait, err
}

// Refund implements Limiter.
func (l *SharedLimiter) Refund(ctx context.Context, client string) error {
	return l.posts.UpdateClientPosts(ctx, client, func(posts []time.Time) []time.Time {
		return posts[:max(0, len(posts)-1)]
	})
}

// sweepDue reports whether a period has passed since the last sweep of this
// instance, and if so counts this one as the last.
func (l *SharedLimiter) sweepDue(now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) < l.rate.Per {
		return false
	}
	l.lastSweep = now
	return true
}
