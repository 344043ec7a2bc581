package pricing

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"knitfront/internal/discount"
	"knitfront/internal/errs"
	"knitfront/internal/invalidate"
	"knitfront/internal/money"
	"knitfront/internal/testclock"
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

func (s *countingSource) AvailableVariantIDs(context.Context) ([]int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := []int64{}
	for _, e := range s.entries {
		ids = append(ids, e.VariantID)
	}
	return ids, s.fail
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

func fixture() (*countingSource, *testclock.Clock, *Model) {
	src := &countingSource{
		entries: []Entry{entry(11, 1, money.LT, 4500, 0, 100), entry(21, 2, money.LT, 9000, 0)},
		rules:   []discount.Rule{pct(1, 1000, discount.ScopeCollections, 100)},
	}
	c := testclock.New(now)
	return src, c, New(src, c.Now)
}

func currentTable(t *testing.T, m *Model) *Table {
	t.Helper()
	table, err := m.Table(context.Background())
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	return table
}

func discounted(t *testing.T, m *Model, variant int64) money.Amount {
	t.Helper()
	q, ok := currentTable(t, m).Variant(money.LT, variant)
	if !ok {
		t.Fatalf("no variant %d", variant)
	}
	return q.Discounted
}

func TestModelVariants(t *testing.T) {
	_, _, m := fixture()
	ctx := context.Background()
	quotes, err := m.Variants(ctx, money.LT, []int64{11, 21, 99})
	if err != nil || len(quotes) != 2 || quotes[11].Discounted != 4050 || quotes[21].Discounted != 9000 {
		t.Errorf("Variants = %+v, %v; want 11 and 21 without the unknown 99", quotes, err)
	}
}

func TestModelServesTheSameTableUntilStale(t *testing.T) {
	src, clk, m := fixture()
	first := currentTable(t, m)
	clk.Advance(TTL - time.Second)
	if again := currentTable(t, m); again != first || src.Reads() != 1 {
		t.Errorf("within the TTL: a new table or %d reads; want the same table from one read", src.Reads())
	}
	clk.Advance(time.Second)
	currentTable(t, m)
	if src.Reads() != 2 {
		t.Errorf("after the TTL: %d reads, want a rebuild", src.Reads())
	}
}

func TestModelCountsLookups(t *testing.T) {
	src, clk, _ := fixture()
	var hits, misses int
	m := New(src, clk.Now, CountLookups(func(h, ms int) { hits += h; misses += ms }))
	currentTable(t, m) // the first: built
	discounted(t, m, 11)
	currentTable(t, m)
	m.Invalidate()
	discounted(t, m, 11) // after a change: rebuilt
	clk.Advance(TTL)
	currentTable(t, m) // stale: rebuilt
	if hits != 2 || misses != 3 {
		t.Errorf("hits, misses = %d, %d; want 2, 3", hits, misses)
	}
}

// Fresh is the lookup that never waits: it answers the current table while
// it is valid and nil whenever Table would read the source, without reading
// it.
func TestModelFreshNeverReads(t *testing.T) {
	src, clk, _ := fixture()
	var hits, misses int
	m := New(src, clk.Now, CountLookups(func(h, ms int) { hits += h; misses += ms }))
	if got := m.Fresh(); got != nil || src.Reads() != 0 {
		t.Errorf("before the first build: Fresh = %v after %d reads; want nil and no read", got, src.Reads())
	}
	built := currentTable(t, m)
	if got := m.Fresh(); got != built {
		t.Errorf("Fresh = %p, want the table just built %p", got, built)
	}
	m.Invalidate()
	if got := m.Fresh(); got != nil {
		t.Error("after Invalidate Fresh still answers the old table")
	}
	currentTable(t, m)
	clk.Advance(TTL)
	if got := m.Fresh(); got != nil || src.Reads() != 2 {
		t.Errorf("past the TTL: Fresh = %v after %d reads; want nil after 2", got, src.Reads())
	}
	if hits != 1 || misses != 2 {
		t.Errorf("hits, misses = %d, %d; want the one answer of Fresh counted a hit and the two builds misses", hits, misses)
	}
}

func TestModelKeepsAnUnchangedTable(t *testing.T) {
	src, clk, m := fixture()
	first := currentTable(t, m)
	clk.Advance(TTL)
	m.Invalidate()
	if again := currentTable(t, m); again != first || src.Reads() != 2 {
		t.Errorf("a rebuild that changes no price: same table %v after %d reads; want the first table kept (same built_at, same ETag)",
			again == first, src.Reads())
	}
}

// The model drops its table on the one change notification the store
// publishes for every instance.
func TestModelInvalidatedByTheCatalogueTopic(t *testing.T) {
	src, _, m := fixture()
	var hub invalidate.Hub
	hub.Subscribe(m.Invalidate, invalidate.Catalog)
	if got := discounted(t, m, 21); got != 9000 {
		t.Fatalf("discounted = %v", got)
	}
	src.set(func(s *countingSource) { s.rules = append(s.rules, pct(2, 2000, discount.ScopeProducts, 2)) })
	hub.Publish(invalidate.Rates)
	if got := discounted(t, m, 21); got != 9000 {
		t.Errorf("after a rates change the cached table changed: %v", got)
	}
	hub.Publish(invalidate.Catalog)
	if got := discounted(t, m, 21); got != 7200 {
		t.Errorf("after a catalogue change: discounted %v, want 72.00 from the new rule", got)
	}
	if table := currentTable(t, m); !table.BuiltAt.Equal(now) || src.Reads() != 2 {
		t.Errorf("built_at = %v after %d reads", table.BuiltAt, src.Reads())
	}
}

func TestModelRebuildsWhenARuleStartsOrEnds(t *testing.T) {
	src, clk, m := fixture()
	sale := pct(2, 5000, discount.ScopeAll)
	sale.StartsAt = now.Add(10 * time.Second)
	sale.EndsAt = now.Add(20 * time.Second)
	src.set(func(s *countingSource) { s.rules = append(s.rules, sale) })

	for _, test := range []struct {
		name      string
		advance   time.Duration
		want      money.Amount
		wantReads int
	}{
		{"before the sale", 0, 9000, 1},
		{"just before it starts", 10*time.Second - time.Nanosecond, 9000, 1},
		{"as it starts", time.Nanosecond, 4500, 2},
		{"during it", 5 * time.Second, 4500, 2},
		{"as it ends", 5 * time.Second, 9000, 3},
	} {
		t.Run(test.name, func(t *testing.T) {
			clk.Advance(test.advance)
			if got := discounted(t, m, 21); got != test.want || src.Reads() != test.wantReads {
				t.Errorf("discounted %v after %d reads, want %v after %d", got, src.Reads(), test.want, test.wantReads)
			}
		})
	}
}

func TestModelCollapsesConcurrentRebuilds(t *testing.T) {
	src, _, m := fixture()
	hold := make(chan struct{})
	src.set(func(s *countingSource) { s.hold = hold })

	const lookups = 64
	var done sync.WaitGroup
	quotes := make([]Quote, lookups)
	for i := range lookups {
		done.Go(func() {
			table, err := m.Table(context.Background())
			if err != nil {
				t.Error(err)
				return
			}
			quotes[i], _ = table.Variant(money.LT, 11)
		})
	}
	for src.Reads() == 0 { // the first rebuild is under way and held
		time.Sleep(time.Millisecond)
	}
	close(hold)
	done.Wait()
	if src.Reads() != 1 {
		t.Errorf("%d concurrent cold lookups read the source %d times, want once", lookups, src.Reads())
	}
	for i, q := range quotes {
		if q.Discounted != 4050 {
			t.Errorf("lookup %d got %+v", i, q)
		}
	}
}

func TestModelInvalidateDuringARebuild(t *testing.T) {
	src, _, m := fixture()
	hold := make(chan struct{})
	src.set(func(s *countingSource) { s.hold = hold })
	old := make(chan *Table)
	go func() {
		table, _ := m.Table(context.Background())
		old <- table
	}()
	for src.Reads() == 0 {
		time.Sleep(time.Millisecond)
	}
	// The catalogue changes while the rebuild reads the old one.
	src.set(func(s *countingSource) { s.entries[1].Price = 8000; s.hold = nil })
	m.Invalidate()
	fresh := currentTable(t, m)
	close(hold)
	stale := <-old
	if got := fresh.Markets[money.LT].Variants[21].List; got != 8000 {
		t.Errorf("a lookup after Invalidate got price %v, want the new 80.00", got)
	}
	if got := stale.Markets[money.LT].Variants[21].List; got != 9000 {
		t.Errorf("the lookup before Invalidate got price %v, want the 90.00 it read", got)
	}
	if got := currentTable(t, m); got != fresh || got == stale {
		t.Errorf("the rebuild begun before Invalidate replaced the newer table")
	}
}

func TestModelSourceFailureIsUnavailable(t *testing.T) {
	src, clk, m := fixture()
	currentTable(t, m)
	down := errors.New("connection refused")
	src.set(func(s *countingSource) { s.fail = down })
	clk.Advance(TTL)
	_, err := m.Table(context.Background())
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.Unavailable || e.Code != "prices_unavailable" || !errors.Is(err, down) {
		t.Errorf("Table with the source down = %v, want prices_unavailable", err)
	}
	src.set(func(s *countingSource) { s.fail = nil })
	currentTable(t, m)
}

func TestModelLookupCancelledWhileWaiting(t *testing.T) {
	src, _, m := fixture()
	hold := make(chan struct{})
	src.set(func(s *countingSource) { s.hold = hold })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := m.Table(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Table with a cancelled request = %v", err)
	}
	close(hold)
	// The shared rebuild was not cancelled with the lookup: it completes.
	if got := discounted(t, m, 11); got != 4050 || src.Reads() != 1 {
		t.Errorf("after the cancelled lookup: %v after %d reads", got, src.Reads())
	}
}
