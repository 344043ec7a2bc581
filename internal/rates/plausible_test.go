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
		{name: "USD at 0.0001", feed: table("2026-11-20", 1.7826, 0.8785, 0.0001), maxJump: DefaultMaxJump, wantErr: "USD rate of 2026-11-20 moved from 1.1535 to 0.0001"},
		{name: "USD at 99,999", feed: table("2026-11-20", 1.7826, 0.8785, 99999), maxJump: DefaultMaxJump, wantErr: "USD rate of 2026-11-20 moved from 1.1535 to 99999"},
		{name: "GBP up a quarter", feed: table("2026-11-20", 1.7826, 1.1, 1.1535), maxJump: DefaultMaxJump, wantErr: "GBP rate"},
		{name: "AUD down 19 %", feed: table("2026-11-20", 1.444, 0.8785, 1.1535), maxJump: DefaultMaxJump},
		{name: "a jump accepted", feed: table("2026-11-20", 1.7826, 0.8785, 2), maxJump: 0},
		{name: "a jump under a wider limit", feed: table("2026-11-20", 1.7826, 0.8785, 1.5), maxJump: 0.5},
		{name: "any first rates", feed: table("2026-11-20", 1.7826, 0.8785, 99999), maxJump: DefaultMaxJump, noneKept: true},
		{name: "any rates after the embedded ones", feed: table("2026-11-20", 1.7826, 0.8785, 99999), maxJump: DefaultMaxJump, servedSource: SourceDemo},
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
