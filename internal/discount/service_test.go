package discount

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"

	"knitfront/internal/errs"
	"knitfront/internal/money"
)

// fakeSource serves fixed rules and items, counting reads.
type fakeSource struct {
	mu         sync.Mutex
	rules      []Rule
	items      map[int64]Item
	fail       error
	ruleReads  int
	itemReads  int
	beforeRead func() // runs inside PricedVariants, to race with Invalidate
}

func (f *fakeSource) DiscountRules(context.Context) ([]Rule, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ruleReads++
	return append([]Rule(nil), f.rules...), f.fail
}

func (f *fakeSource) PricedVariants(_ context.Context, market money.Market, ids []int64) (map[int64]Item, error) {
	if f.beforeRead != nil {
		f.beforeRead()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.itemReads++
	out := map[int64]Item{}
	for _, id := range ids {
		if item, ok := f.items[id]; ok {
			item.Market = market
			out[id] = item
		}
	}
	return out, f.fail
}

func (f *fakeSource) CheapestVariant(_ context.Context, market money.Market, productID int64) (Item, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail != nil {
		return Item{}, f.fail
	}
	var best Item
	for _, id := range slices.Sorted(maps.Keys(f.items)) {
		item := f.items[id]
		if item.ProductID == productID && (best.VariantID == 0 || item.Price < best.Price) {
			best = item
		}
	}
	if best.VariantID == 0 {
		return Item{}, errs.ErrNotFound
	}
	best.Market = market
	return best, nil
}

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newFixture() (*fakeSource, *clock, *Service) {
	src := &fakeSource{
		rules: []Rule{pct(1, "Hats 10%", 1000, ScopeProducts, 1)},
		items: map[int64]Item{
			11: {VariantID: 11, ProductID: 1, Price: 4500},
			12: {VariantID: 12, ProductID: 1, Price: 3000},
			21: {VariantID: 21, ProductID: 2, Price: 9000},
		},
	}
	c := &clock{t: now}
	return src, c, NewService(src, c.now)
}

func TestServiceCachesAnswers(t *testing.T) {
	src, _, s := newFixture()
	ctx := context.Background()
	for range 3 {
		r, err := s.ForVariant(ctx, money.LT, 11)
		if err != nil || r.Amount != 450 {
			t.Fatalf("ForVariant = %+v, %v; want 4.50 off", r, err)
		}
	}
	if src.itemReads != 1 || src.ruleReads != 1 {
		t.Errorf("three lookups read items %d and rules %d times; want once each", src.itemReads, src.ruleReads)
	}

	// A batch reads only what is not cached yet, in one go.
	results, err := s.ForVariants(ctx, money.LT, []int64{11, 12, 21, 99})
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 3 || results[12].Amount != 300 || results[21].Amount != 0 {
		t.Errorf("batch = %+v", results)
	}
	if src.itemReads != 2 {
		t.Errorf("item reads after the batch = %d, want 2", src.itemReads)
	}
	// Markets are cached apart.
	if r, _ := s.ForVariant(ctx, money.GB, 11); r.Currency != money.GBP {
		t.Errorf("GB answer = %+v, want it in GBP", r)
	}
}

func TestServiceCountsCacheLookups(t *testing.T) {
	var hits, misses int
	s := NewService(&fakeSource{items: map[int64]Item{
		11: {VariantID: 11, ProductID: 1, Price: 4500},
		12: {VariantID: 12, ProductID: 1, Price: 3000},
	}}, func() time.Time { return now }, CountCacheLookups(func(h, m int) { hits += h; misses += m }))
	ctx := context.Background()
	for _, test := range []struct {
		name                 string
		lookup               func() error
		wantHits, wantMisses int
	}{
		{"a first lookup misses", func() error { _, err := s.ForVariant(ctx, money.LT, 11); return err }, 0, 1},
		{"the same lookup hits", func() error { _, err := s.ForVariant(ctx, money.LT, 11); return err }, 1, 1},
		{"a batch counts each variant", func() error { _, err := s.ForVariants(ctx, money.LT, []int64{11, 12, 99}); return err }, 2, 3},
		{"another market misses", func() error { _, err := s.ForVariant(ctx, money.GB, 11); return err }, 2, 4},
	} {
		t.Run(test.name, func(t *testing.T) {
			if err := test.lookup(); err != nil {
				t.Fatal(err)
			}
			if hits != test.wantHits || misses != test.wantMisses {
				t.Errorf("hits %d, misses %d; want %d, %d", hits, misses, test.wantHits, test.wantMisses)
			}
		})
	}
}

func TestServiceInvalidate(t *testing.T) {
	src, _, s := newFixture()
	ctx := context.Background()
	if r, _ := s.ForVariant(ctx, money.LT, 11); r.Amount != 450 {
		t.Fatalf("before: %+v", r)
	}
	src.mu.Lock()
	src.rules = []Rule{pct(2, "Hats 20%", 2000, ScopeProducts, 1)}
	src.mu.Unlock()
	if r, _ := s.ForVariant(ctx, money.LT, 11); r.Amount != 450 {
		t.Errorf("without Invalidate the cached answer should stay: %+v", r)
	}
	s.Invalidate()
	if r, _ := s.ForVariant(ctx, money.LT, 11); r.Amount != 900 || r.Title != "Hats 20%" {
		t.Errorf("after Invalidate = %+v, want the new rule's 9.00", r)
	}
}

func TestServiceNeverCachesAcrossAnInvalidation(t *testing.T) {
	src, _, s := newFixture()
	ctx := context.Background()
	// The catalogue changes while a lookup is between reading rules and items.
	src.beforeRead = func() {
		src.beforeRead = nil
		src.mu.Lock()
		src.rules = nil
		src.mu.Unlock()
		s.Invalidate()
	}
	if _, err := s.ForVariant(ctx, money.LT, 11); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.ForVariant(ctx, money.LT, 11); r.Amount != 0 {
		t.Errorf("an answer read before the invalidation was cached after it: %+v", r)
	}
}

func TestServiceAnswersExpireWhenARuleChangesState(t *testing.T) {
	src, c, s := newFixture()
	ctx := context.Background()
	src.rules[0].EndsAt = now.Add(10 * time.Second)
	if r, _ := s.ForVariant(ctx, money.LT, 11); r.Amount != 450 {
		t.Fatalf("before the end: %+v", r)
	}
	c.t = now.Add(11 * time.Second)
	if r, _ := s.ForVariant(ctx, money.LT, 11); r.Amount != 0 {
		t.Errorf("after the rule ended the cached discount was still given: %+v", r)
	}
	c.t = now.Add(11*time.Second + CacheTTL + time.Second)
	reads := src.itemReads
	_, _ = s.ForVariant(ctx, money.LT, 11)
	if src.itemReads != reads+1 {
		t.Errorf("an answer older than CacheTTL was reused")
	}
}

func TestServiceProduct(t *testing.T) {
	_, _, s := newFixture()
	ctx := context.Background()
	r, err := s.ForProduct(ctx, money.LT, 1)
	if err != nil || r.Amount != 300 {
		t.Errorf("ForProduct = %+v, %v; want the cheaper variant's 3.00 off", r, err)
	}
	if _, err := s.ForProduct(ctx, money.LT, 5); !errors.Is(err, ErrUnknownProduct) {
		t.Errorf("unknown product: %v", err)
	}
	if _, err := s.ForVariant(ctx, money.LT, 5); !errors.Is(err, ErrUnknownVariant) {
		t.Errorf("unknown variant: %v", err)
	}
}

func TestServiceReportsAFailingSourceAsUnavailable(t *testing.T) {
	src, _, s := newFixture()
	src.fail = errors.New("connection refused")
	ctx := context.Background()
	if _, err := s.ForVariant(ctx, money.LT, 11); errs.KindOf(err) != errs.Unavailable {
		t.Errorf("ForVariant error kind = %v (%v), want Unavailable", errs.KindOf(err), err)
	}
	if _, err := s.ForProduct(ctx, money.LT, 1); errs.KindOf(err) != errs.Unavailable {
		t.Errorf("ForProduct error kind = %v (%v), want Unavailable", errs.KindOf(err), err)
	}
}
