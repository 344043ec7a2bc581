package rates

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"knitfront/internal/errs"
	"knitfront/internal/money"
)

// Store keeps the last known rates, so that a restart or a feed outage never
// leaves the shop without any; the store package implements it.
type Store interface {
	// LatestRates returns the stored table, or errs.ErrNotFound.
	LatestRates(ctx context.Context) (Table, error)
	// SaveRates replaces the stored table; a feed's table is added to the
	// rates taken, in the same transaction.
	SaveRates(ctx context.Context, t Table) error
	// TakenRateRanges returns, per currency, the lowest and highest rates
	// taken from the feed for days from since on.
	TakenRateRanges(ctx context.Context, since time.Time) (map[money.Currency]Range, error)
	// ForgetTakenRates forgets every rate taken.
	ForgetTakenRates(ctx context.Context) error
}

// DriftWindow is how far back, from a table's day, a refresh looks at the
// rates taken from the feed: a rate more than the jump limit from the
// lowest or the highest of them is refused, so that refreshes each moving
// a rate less than the limit cannot walk it further than the limit.
const DriftWindow = 7 * 24 * time.Hour

// Range is the lowest and highest of rates; its zero value holds none.
type Range struct{ Low, High float64 }

// Widened is the range holding r too.
func (g Range) Widened(r float64) Range {
	if g.Low == 0 || r < g.Low {
		g.Low = r
	}
	g.High = max(g.High, r)
	return g
}

// Provider fetches the current day of rates; Feed implements it.
type Provider interface {
	Fetch(ctx context.Context) (Table, error)
}

// StaleAfter is how old a day of rates may get before it is served as stale.
// The ECB publishes on working days only; its longest break, Easter, leaves
// Thursday's rates current until Tuesday afternoon, five and a half days.
const StaleAfter = 6 * 24 * time.Hour

// MaxFeedAge is the oldest day of rates a refresh takes: a feed still
// answering with rates weeks old is stuck, and its day is no news.
const MaxFeedAge = 14 * 24 * time.Hour

// DefaultMaxJump is how far a rate may move from the one served, as a share
// of it, before a refresh refuses the feed: the whitelist's currencies move
// a few percent in a bad week, so a fifth is a broken feed or a typo.
const DefaultMaxJump = 0.2

// storeTimeout bounds each read or write of the store.
const storeTimeout = 5 * time.Second

// Quote is what the API serves: a table, its cross rates for every base, and
// whether it is stale (the last refresh failed, or the rates are older than
// StaleAfter).
type Quote struct {
	Table Table
	Stale bool
	cross map[money.Currency]map[money.Currency]float64
}

// For returns the flat rate map for base: one unit of base buys rate[X] of X.
// The map is shared: callers must not change it.
func (q Quote) For(base money.Currency) map[money.Currency]float64 { return q.cross[base] }

// ErrUnavailable reports that no rates are known at all: none were ever
// fetched or stored, or the store cannot be read and nothing is in memory.
var ErrUnavailable = errs.New(errs.Unavailable, "rates_unavailable",
	"No currency rates are known yet. Please try again shortly.")

// ErrNotStored is wrapped by Refresh's error when the rates were fetched and
// are served, but the store did not take them.
var ErrNotStored = errors.New("fetched rates not stored")

// Service holds the current rates in memory, in front of the store. Memory
// always wins: when the store or the feed fails, the last rates it holds are
// served as they are.
type Service struct {
	store Store // nil for a static table
	now   func() time.Time
	loads singleflight.Group
	// maxJump is how far a refreshed rate may move from the one served,
	// as a share of it; 0 takes any move.
	maxJump float64

	mu           sync.RWMutex
	current      *Quote // nil until rates are known
	fetchFailing bool   // the last refresh failed
}

// NewService returns a service that keeps its rates in store; now is the clock.
func NewService(store Store, now func() time.Time) *Service {
	return &Service{store: store, now: now, maxJump: DefaultMaxJump}
}

// SetMaxJump sets how far, as a share of it, a refreshed rate may move from
// the one served before the refresh is refused; 0 takes any move, once, as
// `rates refresh --accept-jump` does for a move that is real.
func (s *Service) SetMaxJump(share float64) { s.maxJump = share }

// NewStatic returns a service that serves the shop's own table, dated the day
// it starts, and never goes stale.
func NewStatic(t Table, now func() time.Time) *Service {
	s := &Service{now: now}
	t.Date = day(now())
	s.install(t)
	return s
}

// Current returns the rates to serve. With none in memory it reads the store,
// where another instance may have put them; ErrUnavailable when none are
// known there either.
func (s *Service) Current(ctx context.Context) (Quote, error) {
	q, failing := s.state()
	if q == nil {
		err := s.loadShared(ctx)
		if q, failing = s.state(); q == nil {
			if err != nil {
				return Quote{}, errs.Wrap(errs.Unavailable, ErrUnavailable.Code, err, ErrUnavailable.Message)
			}
			return Quote{}, ErrUnavailable
		}
	}
	out := *q
	out.Stale = failing || (q.Table.Source.ages() && s.now().Sub(q.Table.Date) > StaleAfter)
	return out, nil
}

// StaleAt is when the quote's rates are to be taken as stale, for a page
// that keeps them (the theme's rates metafield): their day, which has begun,
// when they are stale already; the moment they grow older than StaleAfter,
// for rates that age; never (the zero time) for the shop's own table and the
// demo rates.
func (q Quote) StaleAt() time.Time {
	switch {
	case q.Stale:
		return q.Table.Date
	case !q.Table.Source.ages():
		return time.Time{}
	}
	return q.Table.Date.Add(StaleAfter)
}

func (s *Service) state() (current *Quote, fetchFailing bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.current, s.fetchFailing
}

// loadShared reads the store for requests that found no rates in memory:
// concurrent requests share one read, which no request's cancellation ends,
// and a read that would start after another loaded the rates is skipped.
func (s *Service) loadShared(ctx context.Context) error {
	if s.store == nil {
		return nil
	}
	_, err, _ := s.loads.Do("", func() (any, error) {
		if current, _ := s.state(); current != nil {
			return nil, nil
		}
		_, err := s.Load(context.WithoutCancel(ctx))
		return nil, err
	})
	return err
}

// Load reads the stored rates into memory, unless memory holds a later day.
// It reports whether the store had rates.
func (s *Service) Load(ctx context.Context) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	t, err := s.store.LatestRates(ctx)
	if errors.Is(err, errs.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reading the stored rates: %w", err)
	}
	s.install(t)
	return true, nil
}

// Reload reads the stored rates again after another instance or process
// stored new ones (internal/invalidate's Rates topic). A failed read keeps
// the rates in memory, which always win; the next change or refresh reads
// again.
func (s *Service) Reload() {
	if s.store == nil {
		return
	}
	_, _ = s.Load(context.Background())
}

// Date returns the day of the rates in use, or the zero time while none are
// known: the rates-age metric.
func (s *Service) Date() time.Time {
	current, _ := s.state()
	if current == nil {
		return time.Time{}
	}
	return current.Table.Date
}

// Seed stores t when the store holds no rates yet, and reports whether it did.
func (s *Service) Seed(ctx context.Context, t Table) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	_, err := s.store.LatestRates(ctx)
	if err == nil {
		return false, nil
	}
	if !errors.Is(err, errs.ErrNotFound) {
		return false, fmt.Errorf("reading the stored rates: %w", err)
	}
	if err := s.store.SaveRates(ctx, t); err != nil {
		return false, fmt.Errorf("storing the %s rates: %w", t.Source, err)
	}
	return true, nil
}

// Refresh fetches the rates from p, serves them and stores them. When the
// fetch fails, the rates in memory stay and are marked stale; the store is
// read again in case another instance stored a later day meanwhile.
func (s *Service) Refresh(ctx context.Context, p Provider) (Table, error) {
	t, err := p.Fetch(ctx)
	if err == nil {
		err = t.Validate()
	}
	if err == nil {
		err = s.plausible(ctx, t)
	}
	if err != nil {
		s.mu.Lock()
		s.fetchFailing = true
		s.mu.Unlock()
		if _, loadErr := s.Load(ctx); loadErr != nil {
			err = errors.Join(err, loadErr)
		}
		return Table{}, err
	}
	s.mu.Lock()
	s.fetchFailing = false
	s.mu.Unlock()
	if !s.install(t) {
		return t, nil // memory already holds a later day, from the store
	}
	ctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	if s.maxJump == 0 {
		// A move taken as real is the measure from now on.
		if err := s.store.ForgetTakenRates(ctx); err != nil {
			return t, fmt.Errorf("%w: forgetting the rates taken before: %w", ErrNotStored, err)
		}
	}
	if err := s.store.SaveRates(ctx, t); err != nil {
		return t, fmt.Errorf("%w: the %s rates of %s: %w", ErrNotStored, t.Source, t.Date.Format(time.DateOnly), err)
	}
	return t, nil
}

// plausible refuses a valid table that cannot be right: dated in the future
// or more than MaxFeedAge ago, with a rate more than maxJump away from the
// feed's rate served (the shop's own or an embedded table is no measure of
// the market), or from the lowest or the highest rate taken from the feed
// over the DriftWindow before its day. The error names the currency and the
// rates, for the log. A store that cannot be read leaves the rate served as
// the only measure; saving the table then fails too, and says so.
func (s *Service) plausible(ctx context.Context, t Table) error {
	today := day(s.now())
	switch {
	case t.Date.After(today):
		return fmt.Errorf("the feed's rates are dated %s, after today (%s): refused", t.Date.Format(time.DateOnly), today.Format(time.DateOnly))
	case today.Sub(t.Date) > MaxFeedAge:
		return fmt.Errorf("the feed's rates are dated %s, more than %d days before today (%s): refused",
			t.Date.Format(time.DateOnly), int(MaxFeedAge/(24*time.Hour)), today.Format(time.DateOnly))
	case s.maxJump == 0:
		return nil
	}
	const fix = "(if the move is real, run knitfront rates refresh --accept-jump)"
	if current, _ := s.state(); current != nil && current.Table.Source == SourceECB {
		for _, c := range quoted {
			was, now := current.Table.PerEUR[c], t.PerEUR[c]
			if !s.near(now, was) {
				return fmt.Errorf("the feed's %s rate of %s moved from %s to %s per EUR, more than %g%%: refused %s",
					c, t.Date.Format(time.DateOnly), FormatRate(was), FormatRate(now), s.maxJump*100, fix)
			}
		}
	}
	since := t.Date.Add(-DriftWindow)
	readCtx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	taken, err := s.store.TakenRateRanges(readCtx, since)
	if err != nil {
		return nil
	}
	for _, c := range quoted {
		g, now := taken[c], t.PerEUR[c]
		if g.High == 0 {
			continue
		}
		for _, bound := range []struct {
			rate float64
			name string
		}{{g.Low, "lowest"}, {g.High, "highest"}} {
			if !s.near(now, bound.rate) {
				return fmt.Errorf("the feed's %s rate of %s is %s per EUR, more than %g%% from %s, the %s it has been since %s: refused %s",
					c, t.Date.Format(time.DateOnly), FormatRate(now), s.maxJump*100, FormatRate(bound.rate), bound.name, since.Format(time.DateOnly), fix)
			}
		}
	}
	return nil
}

// near reports whether rate is at most maxJump, a share of from, away from it.
func (s *Service) near(rate, from float64) bool { return math.Abs(rate-from) <= s.maxJump*from }

// install serves t from now on, with its cross rates computed once, unless
// memory holds a later day. It reports whether t is now served.
func (s *Service) install(t Table) bool {
	q := &Quote{Table: t, cross: make(map[money.Currency]map[money.Currency]float64, len(money.Currencies))}
	for _, base := range money.Currencies {
		q.cross[base] = Cross(t, base)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.current != nil && t.Date.Before(s.current.Table.Date) {
		return false
	}
	s.current = q
	return true
}
