package pricetable

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"knitfront/internal/discount"
	"knitfront/internal/errs"
	"knitfront/internal/money"
)

// countingSource serves entries and rules, counting reads; its reads can be
// held until released, and made to fail.
type countingSource struct {
	mu      sync.Mutex
	entries []Entry
	rules   []discount.Rule
	fail    error
	reads   int
	hold    chan struct{} // when set, PriceList waits for it to close
}

func (s *countingSource) DiscountRules(context.Context) ([]discount.Rule, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]discount.Rule(nil), s.rules...), s.fail
}

// PriceList reads the entries as they are when it is called, then waits for
// the hold, as a slow query does.
func (s *countingSource) PriceList(context.Context) ([]Entry, error) {
	s.mu.Lock()
	hold, entries, fail := s.hold, append([]Entry(nil), s.entries...), s.fail
	s.reads++
	s.mu.Unlock()
	if hold != nil {
		<-hold
	}
	return entries, fail
}

func (s *countingSource) Reads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reads
}

func (s *countingSource) set(f func(*countingSource)) {
	s.mu.Lock()
	f(s)
	s.mu.Unlock()
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func fixture() (*countingSource, *clock, *Cache) {
	src := &countingSource{
		entries: []Entry{entry(11, 1, money.LT, 4500, 0, 100), entry(21, 2, money.LT, 9000, 0)},
		rules:   []discount.Rule{pct(1, 1000, discount.ScopeCollections, 100)},
	}
	c := &clock{t: now}
	return src, c, NewCache(src, c.now)
}

func currentTable(t *testing.T, c *Cache) *Table {
	t.Helper()
	table, err := c.Current(context.Background())
	if err != nil {
		t.Fatalf("Current: %v", err)
	}
	return table
}

func discounted(table *Table, variant int64) money.Amount {
	return table.Markets[money.LT].Variants[variant].DiscountedPrice
}

func TestCacheServesTheSameTableUntilStale(t *testing.T) {
	src, clk, c := fixture()
	first := currentTable(t, c)
	clk.advance(TTL - time.Second)
	if again := currentTable(t, c); again != first || src.Reads() != 1 {
		t.Errorf("within the TTL: a new table or %d reads; want the same table from one read", src.Reads())
	}
	clk.advance(time.Second)
	currentTable(t, c)
	if src.Reads() != 2 {
		t.Errorf("after the TTL: %d reads, want a rebuild", src.Reads())
	}
}

func TestCacheCountsLookups(t *testing.T) {
	src, clk, _ := fixture()
	var hits, misses int
	c := NewCache(src, clk.now, CountLookups(func(h, m int) { hits += h; misses += m }))
	currentTable(t, c) // the first: built
	currentTable(t, c)
	currentTable(t, c)
	c.Invalidate()
	currentTable(t, c) // after a change: rebuilt
	clk.advance(TTL)
	currentTable(t, c) // stale: rebuilt
	if hits != 2 || misses != 3 {
		t.Errorf("hits, misses = %d, %d; want 2, 3", hits, misses)
	}
}

func TestCacheKeepsAnUnchangedTable(t *testing.T) {
	src, clk, c := fixture()
	first := currentTable(t, c)
	clk.advance(TTL)
	c.Invalidate()
	if again := currentTable(t, c); again != first || src.Reads() != 2 {
		t.Errorf("a rebuild that changes no price: same table %v after %d reads; want the first table kept (same built_at, same ETag)",
			again == first, src.Reads())
	}
}

func TestCacheInvalidate(t *testing.T) {
	src, _, c := fixture()
	if got := discounted(currentTable(t, c), 21); got != 9000 {
		t.Fatalf("discounted = %v", got)
	}
	src.set(func(s *countingSource) { s.rules = append(s.rules, pct(2, 2000, discount.ScopeProducts, 2)) })
	if got := discounted(currentTable(t, c), 21); got != 9000 {
		t.Errorf("before Invalidate the cached table changed: %v", got)
	}
	c.Invalidate()
	table := currentTable(t, c)
	if got := discounted(table, 21); got != 7200 {
		t.Errorf("after Invalidate: discounted %v, want 72.00 from the new rule", got)
	}
	if !table.BuiltAt.Equal(now) {
		t.Errorf("built_at = %v", table.BuiltAt)
	}
}

func TestCacheRebuildsWhenARuleStartsOrEnds(t *testing.T) {
	src, clk, c := fixture()
	sale := pct(2, 5000, discount.ScopeAll)
	sale.StartsAt = now.Add(10 * time.Second)
	sale.EndsAt = now.Add(20 * time.Second)
	src.set(func(s *countingSource) { s.rules = append(s.rules, sale) })

	if got := discounted(currentTable(t, c), 21); got != 9000 {
		t.Errorf("before the sale: %v", got)
	}
	clk.advance(10 * time.Second)
	if got := discounted(currentTable(t, c), 21); got != 4500 {
		t.Errorf("as the sale starts: %v, want half price", got)
	}
	clk.advance(10 * time.Second)
	if got := discounted(currentTable(t, c), 21); got != 9000 {
		t.Errorf("as the sale ends: %v, want the full price", got)
	}
	if src.Reads() != 3 {
		t.Errorf("%d reads, want one per change", src.Reads())
	}
}

func TestCacheCollapsesConcurrentRebuilds(t *testing.T) {
	src, _, c := fixture()
	hold := make(chan struct{})
	src.set(func(s *countingSource) { s.hold = hold })

	const requests = 64
	var started, done sync.WaitGroup
	tables := make([]*Table, requests)
	for i := range requests {
		started.Add(1)
		done.Go(func() {
			started.Done()
			table, err := c.Current(context.Background())
			if err != nil {
				t.Error(err)
			}
			tables[i] = table
		})
	}
	started.Wait()
	for src.Reads() == 0 { // the first rebuild is under way and held
		time.Sleep(time.Millisecond)
	}
	close(hold)
	done.Wait()
	if src.Reads() != 1 {
		t.Errorf("%d concurrent requests for a stale table read the source %d times, want once", requests, src.Reads())
	}
	for i, table := range tables {
		if table != tables[0] {
			t.Fatalf("request %d got another table than request 0", i)
		}
	}
}

func TestCacheInvalidateDuringARebuild(t *testing.T) {
	src, _, c := fixture()
	hold := make(chan struct{})
	src.set(func(s *countingSource) { s.hold = hold })
	old := make(chan *Table)
	go func() {
		table, _ := c.Current(context.Background())
		old <- table
	}()
	for src.Reads() == 0 {
		time.Sleep(time.Millisecond)
	}
	// The catalogue changes while the rebuild reads the old one.
	src.set(func(s *countingSource) { s.entries[1].Price = 8000; s.hold = nil })
	c.Invalidate()
	fresh := currentTable(t, c)
	close(hold)
	stale := <-old
	if got := fresh.Markets[money.LT].Variants[21].Price; got != 8000 {
		t.Errorf("a request after Invalidate got price %v, want the new 80.00", got)
	}
	if got := stale.Markets[money.LT].Variants[21].Price; got != 9000 {
		t.Errorf("the request before Invalidate got price %v, want the 90.00 it read", got)
	}
	if got := currentTable(t, c); got != fresh || got == stale {
		t.Errorf("the rebuild begun before Invalidate replaced the newer table")
	}
}

func TestCacheSourceFailureIsUnavailable(t *testing.T) {
	src, clk, c := fixture()
	currentTable(t, c)
	down := errors.New("connection refused")
	src.set(func(s *countingSource) { s.fail = down })
	clk.advance(TTL)
	_, err := c.Current(context.Background())
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.Unavailable || e.Code != "prices_unavailable" || !errors.Is(err, down) {
		t.Errorf("Current with the source down = %v, want prices_unavailable", err)
	}
	src.set(func(s *countingSource) { s.fail = nil })
	currentTable(t, c)
}

func TestCacheRequestCancelledWhileWaiting(t *testing.T) {
	src, _, c := fixture()
	hold := make(chan struct{})
	src.set(func(s *countingSource) { s.hold = hold })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Current(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Current with a cancelled request = %v", err)
	}
	close(hold)
	// The shared rebuild was not cancelled with the request: it completes.
	if table := currentTable(t, c); discounted(table, 11) != 4050 || src.Reads() != 1 {
		t.Errorf("after the cancelled request: %+v after %d reads", table, src.Reads())
	}
}
