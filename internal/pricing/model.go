package pricing

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"knitfront/internal/discount"
	"knitfront/internal/errs"
	"knitfront/internal/money"
)

// Source is where the model reads the catalogue and the rules; the store
// implements it.
type Source interface {
	// PriceList returns one entry per variant and market, by product and
	// then in the product's order of variants.
	PriceList(ctx context.Context) ([]Entry, error)
	DiscountRules(ctx context.Context) ([]discount.Rule, error)
	// AvailableVariantIDs returns the variants on sale, in the catalogue's
	// order.
	AvailableVariantIDs(ctx context.Context) ([]int64, error)
}

// TTL bounds how long a table is served before it is rebuilt: a catalogue
// import by a process whose change notification is lost shows within it.
const TTL = 60 * time.Second

// buildTimeout bounds one rebuild, which every waiting request shares.
const buildTimeout = 10 * time.Second

// Model answers every price and discount lookup from the current table,
// rebuilding it on demand once it is stale: after Invalidate, when a
// discount starts or ends, or after TTL. Concurrent lookups of a stale
// table share one rebuild; a lookup of a fresh one takes no lock.
type Model struct {
	src          Source
	now          func() time.Time
	countLookups func(hits, misses int)
	builds       singleflight.Group

	// current is the table lookups use; nil until the first build and
	// after Invalidate.
	current atomic.Pointer[snapshot]

	mu sync.Mutex
	// generation counts invalidations: a rebuild that began before one
	// never makes its table current, and lookups after one never join it.
	generation uint64
	// last is the last table made current, kept after Invalidate so that a
	// rebuild that changes nothing keeps it.
	last *Table
}

type snapshot struct {
	table      *Table
	validUntil time.Time
}

// Option configures a Model.
type Option func(*Model)

// CountLookups has the model report each lookup to count: a hit when the
// current table answered it, a miss when it waited for a rebuild.
// internal/metrics provides one.
func CountLookups(count func(hits, misses int)) Option {
	return func(m *Model) { m.countLookups = count }
}

// New returns a model reading from src; now is the clock.
func New(src Source, now func() time.Time, opts ...Option) *Model {
	m := &Model{src: src, now: now, countLookups: func(int, int) {}}
	for _, opt := range opts {
		opt(m)
	}
	return m
}

// Invalidate makes the next lookup rebuild the table: the catalogue or the
// discount rules changed.
func (m *Model) Invalidate() {
	m.mu.Lock()
	m.generation++
	m.current.Store(nil)
	m.mu.Unlock()
}

// Variants returns the quotes of the variants that have a price in the
// market, by id; the others are left out.
func (m *Model) Variants(ctx context.Context, market money.Market, variantIDs []int64) (map[int64]Quote, error) {
	t, err := m.Table(ctx)
	if err != nil {
		return nil, err
	}
	quotes := make(map[int64]Quote, len(variantIDs))
	for _, id := range variantIDs {
		if q, ok := t.Variant(market, id); ok {
			quotes[id] = q
		}
	}
	return quotes, nil
}

// Table returns the current table, rebuilding it first when it is stale.
func (m *Model) Table(ctx context.Context) (*Table, error) {
	if t := m.Fresh(); t != nil {
		return t, nil
	}
	m.countLookups(0, 1)
	m.mu.Lock()
	generation := m.generation
	m.mu.Unlock()
	done := m.builds.DoChan(strconv.FormatUint(generation, 10), func() (any, error) {
		// A lookup that found no table can get here just after the rebuild
		// it would have joined has stored one: take that, not a second read.
		if t := m.fresh(); t != nil {
			return t, nil
		}
		return m.rebuild(generation)
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

// Fresh returns the current table while it is valid, counted as a hit, or
// nil: it never reads the source nor waits, so a caller needs no deadline
// for it.
func (m *Model) Fresh() *Table {
	if t := m.fresh(); t != nil {
		m.countLookups(1, 0)
		return t
	}
	return nil
}

// fresh returns the current table while it is valid, or nil.
func (m *Model) fresh() *Table {
	if s := m.current.Load(); s != nil && m.now().Before(s.validUntil) {
		return s.table
	}
	return nil
}

// rebuild reads the source and builds the table. It runs apart from any
// lookup's context, since every waiting lookup shares it.
func (m *Model) rebuild(generation uint64) (*Table, error) {
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	now := m.now()
	rules, err := m.src.DiscountRules(ctx)
	if err != nil {
		return nil, unavailable(err)
	}
	entries, err := m.src.PriceList(ctx)
	if err != nil {
		return nil, unavailable(err)
	}
	available, err := m.src.AvailableVariantIDs(ctx)
	if err != nil {
		return nil, unavailable(err)
	}
	table := Build(entries, rules, available, now)
	validUntil := now.Add(TTL)
	if !table.NextChange.IsZero() && table.NextChange.Before(validUntil) {
		validUntil = table.NextChange
	}

	m.mu.Lock()
	defer m.mu.Unlock()
	if m.last != nil && samePrices(m.last, table) {
		table = m.last
	}
	if m.generation == generation {
		m.last = table
		m.current.Store(&snapshot{table: table, validUntil: validUntil})
	}
	return table, nil
}

// unavailable reports a failing source: the shop keeps selling, showing
// prices undiscounted, and the client may retry.
func unavailable(err error) error {
	return errs.Wrap(errs.Unavailable, "prices_unavailable", err, "Prices are unavailable right now. Please try again shortly.")
}
