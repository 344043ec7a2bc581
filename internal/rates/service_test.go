package rates

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"knitfront/internal/errs"
	"knitfront/internal/money"
	"knitfront/internal/testclock"
)

// memStore is a store in memory that can be made to fail, counting reads.
type memStore struct {
	mu        sync.Mutex
	table     *Table
	taken     []Table // the feed's tables saved
	readErr   error
	saveErr   error
	reads     int
	saves     int
	readsWait chan struct{} // when set, reads wait for it to close
}

func (m *memStore) LatestRates(context.Context) (Table, error) {
	if m.readsWait != nil {
		<-m.readsWait
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reads++
	if m.readErr != nil {
		return Table{}, m.readErr
	}
	if m.table == nil {
		return Table{}, errs.ErrNotFound
	}
	return *m.table, nil
}

func (m *memStore) SaveRates(_ context.Context, t Table) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.saves++
	if m.saveErr != nil {
		return m.saveErr
	}
	m.table = &t
	if t.Source == SourceECB {
		m.taken = append(m.taken, t)
	}
	return nil
}

func (m *memStore) TakenRateRanges(_ context.Context, since time.Time) (map[money.Currency]Range, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ranges := map[money.Currency]Range{}
	for _, t := range m.taken {
		for c, r := range t.PerEUR {
			if !t.Date.Before(since) {
				ranges[c] = ranges[c].Widened(r)
			}
		}
	}
	return ranges, m.readErr
}

func (m *memStore) ForgetTakenRates(context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.taken = nil
	return m.saveErr
}

func (m *memStore) stored() *Table {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.table
}

// fakeProvider answers each fetch with the next of its answers, counting them.
type fakeProvider struct {
	mu      sync.Mutex
	answers []providerAnswer
	fetches int
}

type providerAnswer struct {
	table Table
	err   error
}

func (p *fakeProvider) Fetch(context.Context) (Table, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	a := p.answers[min(p.fetches, len(p.answers)-1)]
	p.fetches++
	return a.table, a.err
}

func answers(a ...providerAnswer) *fakeProvider { return &fakeProvider{answers: a} }

func ok(t Table) providerAnswer { return providerAnswer{table: t} }

var errFeedDown = errors.New("the feed answered 500 Internal Server Error")

func failed() providerAnswer { return providerAnswer{err: errFeedDown} }

// friday evening, after the ECB published Friday's rates.
func fridayEvening() *testclock.Clock { return testclock.New(date("2026-11-20").Add(18 * time.Hour)) }

var (
	thursday = table("2026-11-19", 1.784, 0.8779, 1.1528)
	friday   = table("2026-11-20", 1.7826, 0.8785, 1.1535)
)

func current(t *testing.T, s *Service) Quote {
	t.Helper()
	q, err := s.Current(context.Background())
	if err != nil {
		t.Fatalf("Current: %v", err)
	}
	return q
}

func TestServiceWithoutAnyRatesIsUnavailable(t *testing.T) {
	s := NewService(&memStore{}, fridayEvening().Now)
	_, err := s.Current(context.Background())
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.Unavailable || e.Code != "rates_unavailable" {
		t.Errorf("Current with no rates anywhere = %v, want rates_unavailable", err)
	}
}

func TestServiceStoreDownAndNothingInMemoryIsUnavailable(t *testing.T) {
	down := errors.New("connection refused")
	s := NewService(&memStore{readErr: down}, fridayEvening().Now)
	_, err := s.Current(context.Background())
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.Unavailable || e.Code != "rates_unavailable" || !errors.Is(err, down) {
		t.Errorf("Current = %v, want rates_unavailable carrying the store's error for the log", err)
	}
}

func TestServiceRefreshServesAndStores(t *testing.T) {
	store := &memStore{}
	s := NewService(store, fridayEvening().Now)
	got, err := s.Refresh(context.Background(), answers(ok(friday)))
	if err != nil || got.String() != friday.String() {
		t.Fatalf("Refresh = %v, %v", got, err)
	}
	if stored := store.stored(); stored == nil || stored.String() != friday.String() {
		t.Errorf("stored %v, want %v", stored, friday)
	}
	q := current(t, s)
	if q.Stale || q.Table.String() != friday.String() || q.For(money.GBP)[money.GBP] != 1 || q.For(money.EUR)[money.USD] != 1.1535 {
		t.Errorf("Current = %+v", q)
	}
}

func TestServiceFeedFailureKeepsTheRatesAndMarksThemStale(t *testing.T) {
	store := &memStore{}
	s := NewService(store, fridayEvening().Now)
	p := answers(ok(friday), failed(), ok(friday))
	ctx := context.Background()
	if _, err := s.Refresh(ctx, p); err != nil {
		t.Fatal(err)
	}
	before := current(t, s)

	if _, err := s.Refresh(ctx, p); !errors.Is(err, errFeedDown) {
		t.Fatalf("Refresh from a failing feed = %v, want its error", err)
	}
	during := current(t, s)
	if !during.Stale {
		t.Error("after a failed refresh the rates are not marked stale")
	}
	for _, base := range money.Currencies {
		for c, r := range before.For(base) {
			if during.For(base)[c] != r {
				t.Errorf("a failed refresh changed %s→%s from %v to %v", base, c, r, during.For(base)[c])
			}
		}
	}
	if store.stored().String() != friday.String() {
		t.Errorf("a failed refresh changed the stored rates to %v", store.stored())
	}

	if _, err := s.Refresh(ctx, p); err != nil {
		t.Fatal(err)
	}
	if current(t, s).Stale {
		t.Error("a successful refresh left the rates stale")
	}
}

func TestServiceRatesGoStaleWithAge(t *testing.T) {
	c := fridayEvening()
	s := NewService(&memStore{table: &friday}, c.Now)
	if current(t, s).Stale {
		t.Error("Friday's rates on Friday evening are stale")
	}
	c.Set(date("2026-11-20").Add(StaleAfter))
	if current(t, s).Stale {
		t.Error("rates exactly StaleAfter old are stale")
	}
	c.Advance(time.Second)
	if !current(t, s).Stale {
		t.Errorf("rates %v old are not stale", StaleAfter+time.Second)
	}
}

func TestServiceDemoRatesDoNotAge(t *testing.T) {
	demo := Snapshot()
	c := fridayEvening()
	c.Set(demo.Date.Add(30 * 24 * time.Hour))
	s := NewService(&memStore{table: &demo}, c.Now)
	if current(t, s).Stale {
		t.Error("the demo rates are served as stale 30 days after their date; they are no day's news")
	}
}

func TestServiceReadsTheStoreWhenMemoryIsEmpty(t *testing.T) {
	store := &memStore{table: &friday, readsWait: make(chan struct{})}
	s := NewService(store, fridayEvening().Now)
	var wg sync.WaitGroup
	results := make(chan Quote, 20)
	for range 20 {
		wg.Go(func() {
			q, err := s.Current(context.Background())
			if err != nil {
				t.Error(err)
			}
			results <- q
		})
	}
	time.Sleep(20 * time.Millisecond) // not a delay of the product: lets the requests pile up on the slow read
	close(store.readsWait)
	wg.Wait()
	close(results)
	for q := range results {
		if q.Table.String() != friday.String() {
			t.Errorf("Current = %v, want the stored %v", q.Table, friday)
		}
	}
	if store.reads != 1 {
		t.Errorf("20 concurrent requests read the store %d times; want them to share one read", store.reads)
	}
	current(t, s)
	if store.reads != 1 {
		t.Errorf("a request after the rates were loaded read the store again (%d reads)", store.reads)
	}
}

func TestServiceFailedRefreshPicksUpAnotherInstancesRates(t *testing.T) {
	store := &memStore{}
	s := NewService(store, fridayEvening().Now)
	if _, err := s.Refresh(context.Background(), answers(ok(thursday))); err != nil {
		t.Fatal(err)
	}
	store.table = &friday // stored by another instance, whose feed works
	if _, err := s.Refresh(context.Background(), answers(failed())); err == nil {
		t.Fatal("Refresh from a failing feed succeeded")
	}
	if q := current(t, s); q.Table.String() != friday.String() || !q.Stale {
		t.Errorf("Current = %v (stale %v), want Friday's stored rates, stale since this instance's feed fails", q.Table, q.Stale)
	}
}

func TestServiceNeverGoesBackADay(t *testing.T) {
	store := &memStore{}
	s := NewService(store, fridayEvening().Now)
	ctx := context.Background()
	if _, err := s.Refresh(ctx, answers(ok(friday))); err != nil {
		t.Fatal(err)
	}
	// A cache in front of the feed may answer with yesterday's document.
	if _, err := s.Refresh(ctx, answers(ok(thursday))); err != nil {
		t.Fatal(err)
	}
	if q := current(t, s); q.Table.String() != friday.String() {
		t.Errorf("Current = %v, want Friday's rates kept", q.Table)
	}
	if store.stored().String() != friday.String() {
		t.Errorf("stored %v, want Friday's rates kept", store.stored())
	}
}

func TestServiceStoreFailureStillServesFetchedRates(t *testing.T) {
	store := &memStore{saveErr: errors.New("disk full")}
	s := NewService(store, fridayEvening().Now)
	got, err := s.Refresh(context.Background(), answers(ok(friday)))
	if !errors.Is(err, ErrNotStored) || got.String() != friday.String() {
		t.Errorf("Refresh = %v, %v; want the table and ErrNotStored", got, err)
	}
	if q := current(t, s); q.Stale || q.Table.String() != friday.String() {
		t.Errorf("Current = %v (stale %v), want the fetched rates, fresh", q.Table, q.Stale)
	}
}

func TestServiceRefusesAnInvalidTableFromAProvider(t *testing.T) {
	s := NewService(&memStore{table: &friday}, fridayEvening().Now)
	broken := table("2026-11-21", 1.78, 0.88, 0)
	if _, err := s.Refresh(context.Background(), answers(ok(broken))); err == nil {
		t.Error("Refresh accepted a table with a zero rate")
	}
	if q := current(t, s); q.Table.String() != friday.String() || !q.Stale {
		t.Errorf("Current = %v (stale %v), want Friday's rates, stale", q.Table, q.Stale)
	}
}

func TestServiceSeed(t *testing.T) {
	store := &memStore{}
	s := NewService(store, fridayEvening().Now)
	ctx := context.Background()
	if seeded, err := s.Seed(ctx, Snapshot()); !seeded || err != nil {
		t.Fatalf("Seed into an empty store = %v, %v", seeded, err)
	}
	if seeded, err := s.Seed(ctx, thursday); seeded || err != nil {
		t.Errorf("Seed over stored rates = %v, %v; want it to leave them", seeded, err)
	}
	if store.stored().Source != SourceDemo {
		t.Errorf("stored %v, want the snapshot", store.stored())
	}
	if found, err := s.Load(ctx); !found || err != nil {
		t.Fatalf("Load = %v, %v", found, err)
	}
	if q := current(t, s); q.Table.Source != SourceDemo {
		t.Errorf("Current = %v", q.Table)
	}
}

func TestStaticServiceNeverGoesStale(t *testing.T) {
	c := fridayEvening()
	static, err := ParseStatic("AUD=1.65,GBP=0.86,USD=1.08")
	if err != nil {
		t.Fatal(err)
	}
	s := NewStatic(static, c.Now)
	c.Advance(365 * 24 * time.Hour)
	q := current(t, s)
	if q.Stale || q.Table.Source != SourceStatic || !q.Table.Date.Equal(date("2026-11-20")) {
		t.Errorf("Current = %v (stale %v), want the static rates dated the day they were loaded, fresh", q.Table, q.Stale)
	}
	if got := q.For(money.USD)[money.GBP]; got != 0.796296 { // 0.86/1.08
		t.Errorf("USD→GBP = %v, want 0.796296", got)
	}
}

func TestQuoteStaleAt(t *testing.T) {
	demo := Snapshot()
	for _, test := range []struct {
		name  string
		quote Quote
		want  time.Time
	}{
		{"a feed's day: once it is older than StaleAfter", Quote{Table: friday}, friday.Date.Add(StaleAfter)},
		{"stale already: its day, which has begun", Quote{Table: friday, Stale: true}, friday.Date},
		{"the demo rates: never", Quote{Table: demo}, time.Time{}},
		{"the shop's own table: never", Quote{Table: Table{Date: friday.Date, Source: SourceStatic}}, time.Time{}},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := test.quote.StaleAt(); !got.Equal(test.want) {
				t.Errorf("StaleAt() = %v, want %v", got, test.want)
			}
		})
	}
}
