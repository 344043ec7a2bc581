package discount

import (
	"context"
	"errors"
	"sync"
	"time"

	"knitfront/internal/errs"
	"knitfront/internal/money"
)

// Source is where the service reads rules and prices; the store implements it.
type Source interface {
	DiscountRules(ctx context.Context) ([]Rule, error)
	// PricedVariants returns the items of the variants that exist, by id.
	PricedVariants(ctx context.Context, market money.Market, variantIDs []int64) (map[int64]Item, error)
	// CheapestVariant returns the product's lowest-priced variant, or
	// errs.ErrNotFound.
	CheapestVariant(ctx context.Context, market money.Market, productID int64) (Item, error)
}

// CacheTTL bounds how long an answer is reused; Invalidate drops answers at
// once when the rules or prices change, and an answer is never kept past the
// next time a rule starts or ends.
const CacheTTL = 60 * time.Second

// Service answers discount lookups from an in-memory cache in front of the
// source. Invalidate empties it when the catalogue or the rules change.
//
// The cache is a plain map: only variants that exist are cached, so it holds
// at most the catalogue's variants times the markets, and a hit takes only a
// read lock, which keeps concurrent lookups from queueing on the hot path.
type Service struct {
	src Source
	now func() time.Time
	// countLookups counts cache hits and misses, one per variant.
	countLookups func(hits, misses int)

	mu      sync.RWMutex
	answers map[answerKey]cachedAnswer
	rules   *ruleSet // nil until loaded, and after Invalidate
	// generation counts invalidations, so a lookup that began before one
	// never stores what it read into the emptied cache.
	generation uint64
}

type answerKey struct {
	market  money.Market
	variant int64
}

type cachedAnswer struct {
	result     Result
	validUntil time.Time
}

type ruleSet struct {
	rules      []Rule
	validUntil time.Time
}

// NewService returns a service reading from src; now is the clock.
func NewService(src Source, now func() time.Time, opts ...Option) *Service {
	s := &Service{src: src, now: now, answers: map[answerKey]cachedAnswer{}, countLookups: func(int, int) {}}
	for _, opt := range opts {
		opt(s)
	}
	return s
}

// Option configures a Service.
type Option func(*Service)

// CountCacheLookups has the service report its cache's hits and misses to
// count, one per variant looked up; internal/metrics provides one.
func CountCacheLookups(count func(hits, misses int)) Option {
	return func(s *Service) { s.countLookups = count }
}

// Invalidate drops every cached answer and the cached rules.
func (s *Service) Invalidate() {
	s.mu.Lock()
	s.generation++
	s.rules = nil
	clear(s.answers)
	s.mu.Unlock()
}

// ErrUnknownVariant and ErrUnknownProduct report lookups of things that do
// not exist.
var (
	ErrUnknownVariant = errs.NotFoundf("unknown_variant", "No variant has that id.")
	ErrUnknownProduct = errs.NotFoundf("unknown_product", "No product has that id.")
)

// ForVariant returns the discount on one unit of the variant in the market.
func (s *Service) ForVariant(ctx context.Context, market money.Market, variantID int64) (Result, error) {
	if r, ok := s.cached(answerKey{market, variantID}, s.now()); ok {
		s.countLookups(1, 0)
		return r, nil
	}
	results, err := s.ForVariants(ctx, market, []int64{variantID})
	if err != nil {
		return Result{}, err
	}
	r, ok := results[variantID]
	if !ok {
		return Result{}, ErrUnknownVariant
	}
	return r, nil
}

// ForVariants returns the discounts on one unit of each variant that exists,
// by id; unknown ids are left out. Cached answers are reused, and the rest
// are read from the source in one go.
func (s *Service) ForVariants(ctx context.Context, market money.Market, variantIDs []int64) (map[int64]Result, error) {
	now := s.now()
	results := make(map[int64]Result, len(variantIDs))
	var missing []int64
	for _, id := range variantIDs {
		if r, ok := s.cached(answerKey{market, id}, now); ok {
			results[id] = r
		} else {
			missing = append(missing, id)
		}
	}
	s.countLookups(len(results), len(missing))
	if len(missing) == 0 {
		return results, nil
	}

	generation, rules, err := s.currentRules(ctx, now)
	if err != nil {
		return nil, unavailable(err)
	}
	items, err := s.src.PricedVariants(ctx, market, missing)
	if err != nil {
		return nil, unavailable(err)
	}
	fresh := make(map[int64]Result, len(items))
	for id, item := range items {
		fresh[id] = Best(rules.rules, item, now)
		results[id] = fresh[id]
	}
	s.remember(generation, market, fresh, validUntil(now, rules))
	return results, nil
}

// ForProduct returns the discount on one unit of the product's
// lowest-priced variant in the market.
func (s *Service) ForProduct(ctx context.Context, market money.Market, productID int64) (Result, error) {
	item, err := s.src.CheapestVariant(ctx, market, productID)
	if errors.Is(err, errs.ErrNotFound) {
		return Result{}, ErrUnknownProduct
	}
	if err != nil {
		return Result{}, unavailable(err)
	}
	return s.ForVariant(ctx, market, item.VariantID)
}

// unavailable reports a failing source: the shop keeps selling, showing
// prices undiscounted, and the client may retry.
func unavailable(err error) error {
	return errs.Wrap(errs.Unavailable, "discounts_unavailable", err, "Discounts are unavailable right now. Please try again shortly.")
}

func (s *Service) cached(key answerKey, now time.Time) (Result, bool) {
	s.mu.RLock()
	a, ok := s.answers[key]
	s.mu.RUnlock()
	return a.result, ok && now.Before(a.validUntil)
}

func (s *Service) currentRules(ctx context.Context, now time.Time) (uint64, *ruleSet, error) {
	s.mu.RLock()
	generation, rules := s.generation, s.rules
	s.mu.RUnlock()
	if rules != nil && now.Before(rules.validUntil) {
		return generation, rules, nil
	}
	loaded, err := s.src.DiscountRules(ctx)
	if err != nil {
		return 0, nil, err
	}
	rules = &ruleSet{rules: loaded, validUntil: now.Add(CacheTTL)}
	s.mu.Lock()
	if s.generation == generation {
		s.rules = rules
	}
	s.mu.Unlock()
	return generation, rules, nil
}

// validUntil is when answers computed now go stale: after the cache lifetime,
// or when a rule starts or ends, whichever comes first.
func validUntil(now time.Time, rules *ruleSet) time.Time {
	until := rules.validUntil
	if next := NextChange(rules.rules, now); !next.IsZero() && next.Before(until) {
		until = next
	}
	return until
}

func (s *Service) remember(generation uint64, market money.Market, fresh map[int64]Result, until time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.generation != generation {
		return
	}
	for id, r := range fresh {
		s.answers[answerKey{market, id}] = cachedAnswer{result: r, validUntil: until}
	}
}
