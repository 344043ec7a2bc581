package rates

import (
	"context"
	"strings"
	"testing"
)

// TestRefreshRefusesImplausibleRates refreshes Friday's served rates, on
// Friday evening, with a feed's table: an implausible one is refused, and
// Friday's rates stay served, marked stale.
func TestRefreshRefusesImplausibleRates(t *testing.T) {
	for _, test := range []struct {
		name     string
		feed     Table
		maxJump  float64
		wantErr  string // "" when the table is taken
		noneKept bool   // nothing served before the refresh
		stale    bool   // taken, but older than StaleAfter
		// servedSource is where the rates served came from; empty: the ECB.
		servedSource Source
	}{
		{name: "a working day later", feed: table("2026-11-20", 1.79, 0.88, 1.16), maxJump: DefaultMaxJump},
		{name: "14 days old", feed: table("2026-11-06", 1.79, 0.88, 1.16), maxJump: DefaultMaxJump, noneKept: true, stale: true},
		{name: "15 days old", feed: table("2026-11-05", 1.79, 0.88, 1.16), maxJump: DefaultMaxJump, noneKept: true, wantErr: "2026-11-05, more than 14 days before today"},
		{name: "dated 2001", feed: table("2001-01-02", 1.79, 0.88, 1.16), maxJump: DefaultMaxJump, noneKept: true, wantErr: "more than 14 days"},
		{name: "dated tomorrow", feed: table("2026-11-21", 1.79, 0.88, 1.16), maxJump: DefaultMaxJump, wantErr: "2026-11-21, after today (2026-11-20)"},
		{name: "dated 2099", feed: table("2099-11-20", 1.79, 0.88, 1.16), maxJump: DefaultMaxJump, wantErr: "after today"},
		{name: "USD at 0.0001", feed: table("2026-11-20", 1.7826, 0.8785, 0.0001), maxJump: DefaultMaxJump, wantErr: "USD: the rate 0.0001 per EUR is outside 0.54 to 2.16"},
		{name: "USD at 99,999", feed: table("2026-11-20", 1.7826, 0.8785, 99999), maxJump: DefaultMaxJump, wantErr: "USD: the rate 99999 per EUR is outside 0.54 to 2.16"},
		{name: "USD up a quarter", feed: table("2026-11-20", 1.7826, 0.8785, 1.45), maxJump: DefaultMaxJump, wantErr: "USD rate of 2026-11-20 moved from 1.1535 to 1.45 per EUR, more than 20%"},
		{name: "GBP up a quarter", feed: table("2026-11-20", 1.7826, 1.1, 1.1535), maxJump: DefaultMaxJump, wantErr: "GBP rate"},
		{name: "AUD down 19 %", feed: table("2026-11-20", 1.444, 0.8785, 1.1535), maxJump: DefaultMaxJump},
		{name: "a jump accepted", feed: table("2026-11-20", 1.7826, 0.8785, 2), maxJump: 0},
		{name: "a jump under a wider limit", feed: table("2026-11-20", 1.7826, 0.8785, 1.5), maxJump: 0.5},
		{name: "first rates in the band", feed: table("2026-11-20", 3.3, 0.43, 2.16), maxJump: DefaultMaxJump, noneKept: true},
		{name: "a first USD of 999,999", feed: table("2026-11-20", 1.7826, 0.8785, 999999), maxJump: DefaultMaxJump, noneKept: true, wantErr: "USD: the rate 999999 per EUR is outside 0.54 to 2.16"},
		{name: "a first USD just over the band", feed: table("2026-11-20", 1.7826, 0.8785, 2.1601), maxJump: DefaultMaxJump, noneKept: true, wantErr: "outside 0.54 to 2.16"},
		{name: "a first GBP just under the band", feed: table("2026-11-20", 1.7826, 0.4299, 1.1535), maxJump: DefaultMaxJump, noneKept: true, wantErr: "GBP: the rate 0.4299"},
		{name: "a first AUD over the band", feed: table("2026-11-20", 3.31, 0.8785, 1.1535), maxJump: DefaultMaxJump, noneKept: true, wantErr: "AUD: the rate 3.31"},
		{name: "a first USD over the band, even accepted", feed: table("2026-11-20", 1.7826, 0.8785, 999999), maxJump: 0, noneKept: true, wantErr: "outside 0.54 to 2.16"},
		{name: "any move in the band after the embedded rates", feed: table("2026-11-20", 1.7826, 0.8785, 2.1), maxJump: DefaultMaxJump, servedSource: SourceDemo},
	} {
		t.Run(test.name, func(t *testing.T) {
			store := &memStore{}
			s := NewService(store, fridayEvening().Now)
			s.SetMaxJump(test.maxJump)
			served := table("2026-11-20", 1.7826, 0.8785, 1.1535)
			if test.servedSource != "" {
				served.Source = test.servedSource
			}
			if !test.noneKept {
				s.install(served)
			}
			_, err := s.Refresh(context.Background(), answers(ok(test.feed)))
			if test.wantErr == "" {
				if q := current(t, s); err != nil || q.Table.String() != test.feed.String() || q.Stale != test.stale {
					t.Errorf("Refresh = %v; serving %v (stale: %v), want %v (stale: %v)", err, q.Table, q.Stale, test.feed, test.stale)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), test.wantErr) {
				t.Fatalf("Refresh = %v, want an error saying %q", err, test.wantErr)
			}
			if store.stored() != nil {
				t.Errorf("the refused rates were stored: %v", store.stored())
			}
			if test.noneKept {
				return
			}
			if q := current(t, s); !q.Stale || q.Table.String() != served.String() {
				t.Errorf("after the refusal serving %v (stale: %v), want %v marked stale", q.Table, q.Stale, served)
			}
		})
	}
}

// TestRefreshRefusesAWalk serves the same day's rates 19 % higher at each
// refresh, each step under the jump limit: the rates taken over the
// DriftWindow bound the walk, so the second step is refused, where before
// twelve steps took USD from 1.1535 to 9.3022. Rates taken more than the
// window before the new day's no longer count, and a jump accepted as real
// is the new measure.
func TestRefreshRefusesAWalk(t *testing.T) {
	usd := func(d string, r float64) Table { return table(d, 1.7826, 0.8785, r) }
	for _, test := range []struct {
		name  string
		steps []Table
		// maxJumps is the limit at each step; DefaultMaxJump when nil.
		maxJumps []float64
		// refused is the index of the first step refused; -1: none.
		refused int
		wantErr string
	}{
		{"19 % up each time the same day", []Table{usd("2026-11-20", 1.1535), usd("2026-11-20", 1.3727), usd("2026-11-20", 1.6335)}, nil, 2,
			"USD rate of 2026-11-20 is 1.6335 per EUR, more than 20% from 1.1535, the lowest it has been since 2026-11-13"},
		{"19 % down each time", []Table{usd("2026-11-20", 1.1535), usd("2026-11-20", 0.9343), usd("2026-11-20", 0.7568)}, nil, 2,
			"more than 20% from 1.1535, the highest"},
		{"up and back down again", []Table{usd("2026-11-20", 1.1535), usd("2026-11-20", 1.3727), usd("2026-11-20", 1.16), usd("2026-11-20", 1.38)}, nil, -1, ""},
		{"a walk over days", []Table{usd("2026-11-13", 1.1535), usd("2026-11-16", 1.3), usd("2026-11-20", 1.4)}, nil, 2, "from 1.1535, the lowest it has been since 2026-11-13"},
		{"a day past the window no longer counts", []Table{usd("2026-11-12", 1.1535), usd("2026-11-16", 1.3), usd("2026-11-20", 1.4)}, nil, -1, ""},
		{"a jump accepted is the new measure", []Table{usd("2026-11-20", 1.1535), usd("2026-11-20", 1.6), usd("2026-11-20", 1.7)}, []float64{DefaultMaxJump, 0, DefaultMaxJump}, -1, ""},
		{"and the walk from it is bounded", []Table{usd("2026-11-20", 1.1535), usd("2026-11-20", 1.6), usd("2026-11-20", 1.9), usd("2026-11-20", 2.1)}, []float64{DefaultMaxJump, 0, DefaultMaxJump, DefaultMaxJump}, 3, "from 1.6, the lowest"},
	} {
		t.Run(test.name, func(t *testing.T) {
			store := &memStore{}
			s := NewService(store, fridayEvening().Now)
			for i, step := range test.steps {
				s.SetMaxJump(DefaultMaxJump)
				if test.maxJumps != nil {
					s.SetMaxJump(test.maxJumps[i])
				}
				_, err := s.Refresh(context.Background(), answers(ok(step)))
				switch {
				case i == test.refused:
					if err == nil || !strings.Contains(err.Error(), test.wantErr) {
						t.Fatalf("step %d (USD %v) = %v, want an error saying %q", i, step.PerEUR["USD"], err, test.wantErr)
					}
					if got := store.stored(); got.String() != test.steps[i-1].String() {
						t.Errorf("after the refusal %v stored, want %v", got, test.steps[i-1])
					}
					return
				case err != nil:
					t.Fatalf("step %d (USD %v) = %v, want it taken", i, step.PerEUR["USD"], err)
				}
			}
		})
	}
}
