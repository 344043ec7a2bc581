package store_test

import (
	"context"
	"errors"
	"maps"
	"sync"
	"testing"
	"time"

	"knitfront/internal/errs"
	"knitfront/internal/money"
	"knitfront/internal/rates"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

func ratesOf(day string, source rates.Source, aud, gbp, usd float64) rates.Table {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		panic(err)
	}
	return rates.Table{Date: d, Source: source, PerEUR: map[money.Currency]float64{money.AUD: aud, money.GBP: gbp, money.USD: usd}}
}

func TestRatesRoundTrip(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.LatestRates(ctx); !errors.Is(err, errs.ErrNotFound) {
			t.Fatalf("LatestRates of an empty store = %v, want ErrNotFound", err)
		}
		snapshot := rates.Snapshot()
		if err := db.SaveRates(ctx, snapshot); err != nil {
			t.Fatal(err)
		}
		got, err := db.LatestRates(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != snapshot.String() || !got.Date.Equal(snapshot.Date) || got.Date.Location() != time.UTC {
			t.Errorf("read back %v (%v), want %v", got, got.Date, snapshot)
		}
		// The feed's decimals come back exactly: 0.87850 is 0.8785.
		for c, r := range snapshot.PerEUR {
			if got.PerEUR[c] != r {
				t.Errorf("%s read back as %v, stored %v", c, got.PerEUR[c], r)
			}
		}

		later := ratesOf("2026-11-23", rates.SourceECB, 1.7791, 0.87912, 1.1561)
		if err := db.SaveRates(ctx, later); err != nil {
			t.Fatal(err)
		}
		if got, err := db.LatestRates(ctx); err != nil || got.String() != later.String() {
			t.Errorf("after a second save: %v, %v; want %v", got, err, later)
		}
	})
}

func TestSaveRatesRefusesAnInvalidTable(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		good := ratesOf("2026-11-20", rates.SourceECB, 1.7826, 0.8785, 1.1535)
		if err := db.SaveRates(ctx, good); err != nil {
			t.Fatal(err)
		}
		partial := ratesOf("2026-11-23", rates.SourceECB, 1.7791, 0.87912, 1.1561)
		delete(partial.PerEUR, money.GBP)
		if err := db.SaveRates(ctx, partial); err == nil {
			t.Error("SaveRates stored a table without GBP")
		}
		if got, err := db.LatestRates(ctx); err != nil || got.String() != good.String() {
			t.Errorf("after a refused save: %v, %v; want %v kept", got, err, good)
		}
	})
}

func TestConcurrentSavesLeaveOneWholeTable(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		tables := []rates.Table{
			ratesOf("2026-11-20", rates.SourceECB, 1.7826, 0.8785, 1.1535),
			ratesOf("2026-11-23", rates.SourceECB, 1.7791, 0.87912, 1.1561),
		}
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				if err := db.SaveRates(ctx, tables[i%2]); err != nil {
					t.Errorf("save %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		got, err := db.LatestRates(ctx)
		if err != nil {
			t.Fatalf("after concurrent saves: %v", err)
		}
		if got.String() != tables[0].String() && got.String() != tables[1].String() {
			t.Errorf("after concurrent saves: %v, a mix of two tables", got)
		}
	})
}

// TestTakenRateRanges keeps the lowest and highest rate the feed gave over
// the days a refresh looks back at, on both engines: the embedded and the
// shop's own tables are no measure, days before the window are deleted at
// the next save, and ForgetTakenRates starts afresh.
func TestTakenRateRanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		since := func(day string) time.Time { return ratesOf(day, rates.SourceECB, 1, 1, 1).Date }
		ranges := func(from string) map[money.Currency]rates.Range {
			t.Helper()
			got, err := db.TakenRateRanges(ctx, since(from))
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		if got := ranges("2026-11-01"); len(got) != 0 {
			t.Errorf("an empty store's ranges: %v", got)
		}
		for _, table := range []rates.Table{
			ratesOf("2026-11-12", rates.SourceECB, 1.70, 0.80, 1.10),
			ratesOf("2026-11-19", rates.SourceECB, 1.784, 0.8779, 1.1528),
			ratesOf("2026-11-20", rates.SourceECB, 1.7826, 0.8785, 1.1535),
			ratesOf("2026-11-20", rates.SourceECB, 1.7826, 0.8785, 1.3727),
			ratesOf("2026-11-20", rates.SourceDemo, 1.9, 0.95, 1.9),
		} {
			if err := db.SaveRates(ctx, table); err != nil {
				t.Fatal(err)
			}
		}
		want := map[money.Currency]rates.Range{
			money.AUD: {Low: 1.7826, High: 1.784}, money.GBP: {Low: 0.8779, High: 0.8785}, money.USD: {Low: 1.1528, High: 1.3727},
		}
		if got := ranges("2026-11-13"); !maps.Equal(got, want) {
			t.Errorf("ranges since 2026-11-13: %v, want %v", got, want)
		}
		// 2026-11-12 is more than 7 days before 2026-11-20's save: gone.
		if got := ranges("2026-11-01"); !maps.Equal(got, want) {
			t.Errorf("ranges since 2026-11-01: %v, want %v, without 2026-11-12's", got, want)
		}
		if got := ranges("2026-11-20")[money.USD]; got != (rates.Range{Low: 1.1535, High: 1.3727}) {
			t.Errorf("USD since 2026-11-20: %v", got)
		}
		if err := db.ForgetTakenRates(ctx); err != nil {
			t.Fatal(err)
		}
		if got := ranges("2026-11-01"); len(got) != 0 {
			t.Errorf("after ForgetTakenRates: %v", got)
		}
	})
}
