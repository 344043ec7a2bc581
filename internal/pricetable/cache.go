package pricetable

import (
	"context"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"knitfront/internal/discount"
	"knitfront/internal/errs"
)

// Source is where the cache reads prices and rules; the store implements it.
type Source interface {
	// PriceList returns one entry per variant and market.
	PriceList(ctx context.Context) ([]Entry, error)
	DiscountRules(ctx context.Context) ([]discount.Rule, error)
}

// TTL bounds how long a table is served before it is rebuilt, as the discount
// service's answers are: a catalogue import by another process shows within it.
const TTL = discount.CacheTTL

// buildTimeout bounds one rebuild, which every waiting request shares.
const buildTimeout = 10 * time.Second

// Cache holds the current table and rebuilds it on demand once it is stale:
// after Invalidate, when a discount rule starts or ends, or after TTL.
// Concurrent requests for a stale table share one rebuild.
type Cache struct {
	src    Source
	now    func() time.Time
	builds singleflight.Group

	mu         sync.Mutex
	table      *Table // the last table built; kept after Invalidate, to compare
	validUntil time.Time
	// generation counts invalidations: a rebuild that began before one
	// never makes its table current, and requests after one never join it.
	generation uint64

	countLookups func(hits, misses int)
}

// Option configures a Cache.
type Option func(*Cache)

// CountLookups has the cache report each request for the table to count: a
// hit when the current table served it, a miss when it waited for a rebuild.
// internal/metrics provides one.
func CountLookups(count func(hits, misses int)) Option {
	return func(c *Cache) { c.countLookups = count }
}

// NewCache returns a cache reading from src; now is the clock.
func NewCache(src Source, now func() time.Time, opts ...Option) *Cache {
	c := &Cache{src: src, now: now, countLookups: func(int, int) {}}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// Invalidate makes the next request rebuild the table: the catalogue or the
// discount rules changed.
func (c *Cache) Invalidate() {
	c.mu.Lock()
	c.generation++
	c.validUntil = time.Time{}
	c.mu.Unlock()
}

// Current returns the current table, rebuilding it first when it is stale.
// The table is shared: callers must not change it.
func (c *Cache) Current(ctx context.Context) (*Table, error) {
	c.mu.Lock()
	table, validUntil, generation := c.table, c.validUntil, c.generation
	c.mu.Unlock()
	if table != nil && c.now().Before(validUntil) {
		c.countLookups(1, 0)
		return table, nil
	}
	c.countLookups(0, 1)
	done := c.builds.DoChan(strconv.FormatUint(generation, 10), func() (any, error) {
		return c.rebuild(generation)
	})
	select {
	case res := <-done:
		if res.Err != nil {
			return nil, res.Err
		}
		return res.Val.(*Table), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// rebuild reads the source in one pass and builds the table. It runs apart
// from any request's context, since every waiting request shares it.
func (c *Cache) rebuild(generation uint64) (*Table, error) {
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	now := c.now()
	rules, err := c.src.DiscountRules(ctx)
	if err != nil {
		return nil, unavailable(err)
	}
	entries, err := c.src.PriceList(ctx)
	if err != nil {
		return nil, unavailable(err)
	}
	table := Build(entries, rules, now)
	validUntil := now.Add(TTL)
	if next := discount.NextChange(rules, now); !next.IsZero() && next.Before(validUntil) {
		validUntil = next
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	if c.table != nil && samePrices(c.table, table) {
		table = c.table
	}
	if c.generation == generation {
		c.table, c.validUntil = table, validUntil
	}
	return table, nil
}

func unavailable(err error) error {
	return errs.Wrap(errs.Unavailable, "prices_unavailable", err, "The price table is unavailable right now. Please try again shortly.")
}
