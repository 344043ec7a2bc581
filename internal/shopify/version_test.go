package shopify_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"knitfront/internal/demo"
	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
)

// mismatchLog records a VersionWatch's warnings and counts.
type mismatchLog struct {
	logged bytes.Buffer
	counts map[[2]string]int
}

func newMismatchLog() (*mismatchLog, *shopify.VersionWatch) {
	l := &mismatchLog{counts: map[[2]string]int{}}
	log := slog.New(slog.NewTextHandler(&l.logged, nil))
	return l, shopify.NewVersionWatch(log, func(asked, answered string) { l.counts[[2]string{asked, answered}]++ })
}

func (l *mismatchLog) warnings() int { return strings.Count(l.logged.String(), "level=WARN") }

func TestVersionWatch(t *testing.T) {
	type seen struct{ asked, answered string }
	for _, test := range []struct {
		name         string
		answers      []seen
		wantWarnings int
		wantCounts   map[[2]string]int
	}{
		{"AsAsked", []seen{{"2026-10", "2026-10"}, {"2026-10", "2026-10"}}, 0, map[[2]string]int{}},
		{"NoHeader", []seen{{"2026-10", ""}}, 0, map[[2]string]int{}},
		{"OneOlderVersionTwice", []seen{{"2026-10", "2026-07"}, {"2026-10", "2026-07"}}, 1, map[[2]string]int{{"2026-10", "2026-07"}: 2}},
		{"TwoPairs", []seen{{"2026-10", "2026-07"}, {"2026-10", "2027-01"}, {"2026-10", "2026-07"}, {"2026-10", "2026-10"}}, 2,
			map[[2]string]int{{"2026-10", "2026-07"}: 2, {"2026-10", "2027-01"}: 1}},
	} {
		t.Run(test.name, func(t *testing.T) {
			l, watch := newMismatchLog()
			for _, s := range test.answers {
				watch.Observe(s.asked, s.answered)
			}
			if got := l.warnings(); got != test.wantWarnings {
				t.Errorf("%d warnings, want %d:\n%s", got, test.wantWarnings, l.logged.String())
			}
			if len(l.counts) != len(test.wantCounts) {
				t.Errorf("counted %v, want %v", l.counts, test.wantCounts)
			}
			for pair, n := range test.wantCounts {
				if l.counts[pair] != n {
					t.Errorf("counted %v, want %v", l.counts, test.wantCounts)
				}
			}
		})
	}
}

// TestClientNotesTheVersionShopifyAnswersIn drives the client against the
// stand-in told to answer in an older version, as Shopify does once the
// version asked is no longer served: every answer is counted, the warning
// is logged once and names both versions.
func TestClientNotesTheVersionShopifyAnswersIn(t *testing.T) {
	dev := shopifydev.New(demo.Catalog(), "shpat_dev", time.Now)
	srv := httptest.NewServer(dev)
	t.Cleanup(srv.Close)
	l, watch := newMismatchLog()
	client, err := shopify.NewClient(srv.URL, shopify.StaticToken("shpat_dev"), shopify.WithVersionWatch(watch))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := client.WebhookSubscriptions(ctx); err != nil {
		t.Fatal(err)
	}
	if l.warnings() != 0 || len(l.counts) != 0 {
		t.Fatalf("answers in %s noted as another version: %v\n%s", shopify.APIVersion, l.counts, l.logged.String())
	}
	dev.AnswerInVersion("2026-07")
	for range 3 {
		if _, err := client.WebhookSubscriptions(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if got := l.counts[[2]string{shopify.APIVersion, "2026-07"}]; got != 3 || len(l.counts) != 1 {
		t.Errorf("counted %v, want 3 answers in 2026-07 to requests for %s", l.counts, shopify.APIVersion)
	}
	if l.warnings() != 1 || !strings.Contains(l.logged.String(), "asked="+shopify.APIVersion+" answered=2026-07") {
		t.Errorf("want one warning naming both versions, logged:\n%s", l.logged.String())
	}
}
