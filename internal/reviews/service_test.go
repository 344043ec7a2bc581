package reviews_test

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"net/netip"
	"testing"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/errs"
	"knitfront/internal/reviews"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

var (
	visitor      = netip.MustParseAddr("203.0.113.7")
	otherVisitor = netip.MustParseAddr("198.51.100.9")
)

func withKnitters(t *testing.T, db *store.DB) {
	t.Helper()
	doc := catalog.Document{Knitters: []catalog.Knitter{{ID: 1, Name: "Rūta"}, {ID: 2, Name: "Agnė", Position: 1}}}
	if _, err := db.Import(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
}

func submission(n int) reviews.Submission {
	return reviews.Submission{Body: fmt.Sprintf("Warm and soft, number %d.", n), CreatedBy: "Ona"}
}

func codeOf(err error) string {
	var e *errs.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func TestSubmitPublishesAndLists(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		clock := newFakeClock()
		clock.Advance(123456789 * time.Nanosecond)
		s := reviews.NewService(db, reviews.Options{Now: clock.Now})

		var posted []reviews.Review
		for i := range 3 {
			r, err := s.Submit(ctx, 1, submission(i), visitor)
			if err != nil {
				t.Fatal(err)
			}
			posted = append(posted, r)
			clock.Advance(time.Second)
		}
		first := posted[0]
		if first.Status != reviews.Published || first.KnitterID != 1 || first.Body != "Warm and soft, number 0." || first.CreatedBy != "Ona" {
			t.Errorf("stored %+v", first)
		}
		if want := time.Date(2025, 6, 1, 12, 0, 0, 123456000, time.UTC); !first.CreatedAt.Equal(want) {
			t.Errorf("created_at = %v, want %v (to the microsecond)", first.CreatedAt, want)
		}
		if first.ID <= 0 || first.ID >= 1<<53 {
			t.Errorf("id %d is not a positive integer a JavaScript number holds exactly", first.ID)
		}
		// A keyed hash of the address, never the address: 64 hex digits, which no address reads as.
		// (A test for the address's first digits, "203", failed once in a while: a hex digest holds
		// them by chance.)
		if hash, err := hex.DecodeString(first.ClientHash); err != nil || len(hash) != 32 {
			t.Errorf("client hash %q is not a hex HMAC", first.ClientHash)
		}

		page1, err := s.Published(ctx, 1, reviews.Page{Limit: 2})
		if err != nil || len(page1.Reviews) != 2 || page1.Reviews[0].ID != posted[2].ID || page1.Next == nil {
			t.Fatalf("first page = %+v, %v; want the two newest and a cursor", page1, err)
		}
		page2, err := s.Published(ctx, 1, reviews.Page{Limit: 2, After: page1.Next})
		if err != nil || len(page2.Reviews) != 1 || page2.Reviews[0] != first || page2.Next != nil {
			t.Errorf("second page = %+v, %v; want the oldest and no cursor", page2, err)
		}
		if list, err := s.Published(ctx, 2, reviews.Page{Limit: 20}); err != nil || len(list.Reviews) != 0 || list.Next != nil {
			t.Errorf("knitter 2's reviews = %+v, %v; want none", list, err)
		}
		if _, err := s.Published(ctx, 99, reviews.Page{Limit: 20}); !errors.Is(err, reviews.ErrUnknownKnitter) {
			t.Errorf("an unknown knitter's reviews: err = %v", err)
		}
	})
}

func TestSubmitHoldsReviewsForApproval(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		s := reviews.NewService(db, reviews.Options{RequireApproval: true})
		r, err := s.Submit(ctx, 1, submission(0), visitor)
		if err != nil || r.Status != reviews.Pending {
			t.Fatalf("Submit = %+v, %v; want it pending", r, err)
		}
		if list, _ := s.Published(ctx, 1, reviews.Page{Limit: 20}); len(list.Reviews) != 0 {
			t.Errorf("a pending review is listed: %+v", list.Reviews)
		}
		pending, err := s.List(ctx, reviews.Filter{Status: reviews.Pending}, reviews.Page{Limit: 20})
		if err != nil || len(pending.Reviews) != 1 || pending.Reviews[0].ID != r.ID {
			t.Errorf("pending reviews = %+v, %v", pending, err)
		}
		if published, err := s.SetStatus(ctx, r.ID, reviews.Published); err != nil || published.Status != reviews.Published {
			t.Errorf("publish = %+v, %v", published, err)
		}
		if list, _ := s.Published(ctx, 1, reviews.Page{Limit: 20}); len(list.Reviews) != 1 {
			t.Errorf("after publishing, listed %+v", list.Reviews)
		}
		if _, err := s.SetStatus(ctx, r.ID, reviews.Hidden); err != nil {
			t.Fatal(err)
		}
		if list, _ := s.Published(ctx, 1, reviews.Page{Limit: 20}); len(list.Reviews) != 0 {
			t.Errorf("a hidden review is listed: %+v", list.Reviews)
		}
		if err := s.Delete(ctx, r.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SetStatus(ctx, r.ID, reviews.Published); !errors.Is(err, reviews.ErrUnknownReview) {
			t.Errorf("publishing a deleted review: err = %v", err)
		}
		if err := s.Delete(ctx, r.ID); !errors.Is(err, reviews.ErrUnknownReview) {
			t.Errorf("deleting twice: err = %v", err)
		}
	})
}

func TestSubmitRateLimitsEachClient(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		clock := newFakeClock()
		s := reviews.NewService(db, reviews.Options{Now: clock.Now})
		for i := range 5 {
			if _, err := s.Submit(ctx, 1, submission(i), visitor); err != nil {
				t.Fatalf("post %d: %v", i+1, err)
			}
		}
		clock.Advance(15500 * time.Millisecond)
		_, err := s.Submit(ctx, 1, submission(5), visitor)
		var retry *reviews.RetryAfterError
		if errs.KindOf(err) != errs.TooManyRequests || codeOf(err) != "rate_limited" || !errors.As(err, &retry) {
			t.Fatalf("the sixth post in a minute: err = %v, want rate_limited with a wait", err)
		}
		if retry.Seconds() != 45 {
			t.Errorf("Retry-After = %d s, want 45 (44.5 rounded up)", retry.Seconds())
		}
		if _, err := s.Submit(ctx, 1, submission(6), otherVisitor); err != nil {
			t.Errorf("another client was refused: %v", err)
		}

		// An IPv6 client is its /64: rotating addresses within it does not help.
		v6 := reviews.NewService(db, reviews.Options{Now: clock.Now, Limiter: reviews.NewWindowLimiter(reviews.Rate{Posts: 1, Per: time.Minute}, clock.Now)})
		if _, err := v6.Submit(ctx, 2, submission(7), netip.MustParseAddr("2001:db8:1:2::1")); err != nil {
			t.Fatal(err)
		}
		if _, err := v6.Submit(ctx, 2, submission(8), netip.MustParseAddr("2001:db8:1:2:ffff::9")); codeOf(err) != "rate_limited" {
			t.Errorf("a second address in the same /64: err = %v, want rate_limited", err)
		}
		if _, err := v6.Submit(ctx, 2, submission(9), netip.MustParseAddr("2001:db8:1:3::1")); err != nil {
			t.Errorf("another /64 was refused: %v", err)
		}

		list, err := s.List(ctx, reviews.Filter{}, reviews.Page{Limit: 100})
		if err != nil || len(list.Reviews) != 8 {
			t.Errorf("stored %d reviews, %v; want 8 (the refused ones not stored)", len(list.Reviews), err)
		}
	})
}

// TestSubmitTheSameReviewTwiceStoresOne posts one text twice within the
// duplicate window, from the client that posted it and from another, with
// and without approval. The poster's double click gets the first review back
// and costs one post of its limit; another client is answered as for a new
// post (a fresh id and time, counted), learning nothing of the first.
func TestSubmitTheSameReviewTwiceStoresOne(t *testing.T) {
	cases := []struct {
		name     string
		approval bool
		again    netip.Addr
	}{
		{"double click", false, visitor},
		{"double click held for approval", true, visitor},
		{"another client", false, otherVisitor},
		{"another client guessing a pending review", true, otherVisitor},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				ctx := context.Background()
				withKnitters(t, db)
				clock := newFakeClock()
				twoAMinute := reviews.Rate{Posts: 2, Per: time.Minute}
				s := reviews.NewService(db, reviews.Options{Now: clock.Now, RequireApproval: c.approval,
					Limiter: reviews.NewWindowLimiter(twoAMinute, clock.Now)})
				first, err := s.Submit(ctx, 1, submission(0), visitor)
				if err != nil {
					t.Fatal(err)
				}
				clock.Advance(30 * time.Second)
				again, err := s.Submit(ctx, 1, submission(0), c.again)
				if err != nil {
					t.Fatalf("the same review 30 s later: %v", err)
				}
				samePoster := c.again == visitor
				if samePoster && again != first {
					t.Errorf("the poster's double click = %+v; want the first %+v", again, first)
				}
				if !samePoster && (again.ID == first.ID || !again.CreatedAt.Equal(clock.Now().UTC().Truncate(time.Microsecond))) {
					t.Errorf("another client's post of the same text = %+v; the first is %+v: it shows the first's id or time", again, first)
				}
				if list, _ := s.List(ctx, reviews.Filter{}, reviews.Page{Limit: 100}); len(list.Reviews) != 1 || list.Reviews[0].ID != first.ID {
					t.Errorf("stored %+v, want the first alone", list.Reviews)
				}
				// Of two posts a minute, the poster's double click took one,
				// and another client's post of the same text took one.
				if _, err := s.Submit(ctx, 1, submission(1), c.again); err != nil {
					t.Errorf("the next post: %v; want it taken", err)
				}
				if _, err := s.Submit(ctx, 1, submission(2), c.again); codeOf(err) != "rate_limited" {
					t.Errorf("the post after: err = %v, want rate_limited", err)
				}
			})
		})
	}
}

func TestSubmitToAnUnknownKnitterIsNotCounted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		clock := newFakeClock()
		s := reviews.NewService(db, reviews.Options{Now: clock.Now, Limiter: reviews.NewWindowLimiter(reviews.Rate{Posts: 1, Per: time.Minute}, clock.Now)})
		for range 3 {
			if _, err := s.Submit(ctx, 99, submission(0), visitor); !errors.Is(err, reviews.ErrUnknownKnitter) {
				t.Errorf("err = %v, want ErrUnknownKnitter", err)
			}
		}
		if _, err := s.Submit(ctx, 1, submission(1), visitor); err != nil {
			t.Errorf("after posts to an unknown knitter, the client's first real post: %v", err)
		}
	})
}

func TestClientHashIsStableAcrossRestarts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		first, err := reviews.NewService(db, reviews.Options{}).Submit(ctx, 1, submission(0), visitor)
		if err != nil {
			t.Fatal(err)
		}
		restarted := reviews.NewService(db, reviews.Options{})
		second, err := restarted.Submit(ctx, 1, submission(1), visitor)
		if err != nil {
			t.Fatal(err)
		}
		other, err := restarted.Submit(ctx, 1, submission(2), otherVisitor)
		if err != nil {
			t.Fatal(err)
		}
		if first.ClientHash != second.ClientHash || first.ClientHash == other.ClientHash {
			t.Errorf("hashes %s, %s (same client), %s (another): want the first two equal, the third different",
				first.ClientHash, second.ClientHash, other.ClientHash)
		}
	})
}

func TestStoreFailuresAreUnavailable(t *testing.T) {
	db := storetest.Open(t, "sqlite:"+t.TempDir()+"/k.db")
	withKnitters(t, db)
	s := reviews.NewService(db, reviews.Options{})
	db.Close()
	ctx := context.Background()
	for name, err := range map[string]error{
		"Knitters":  func() error { _, err := s.Knitters(ctx); return err }(),
		"Published": func() error { _, err := s.Published(ctx, 1, reviews.Page{Limit: 1}); return err }(),
		"Submit":    func() error { _, err := s.Submit(ctx, 1, submission(0), visitor); return err }(),
		"SetStatus": func() error { _, err := s.SetStatus(ctx, 1, reviews.Hidden); return err }(),
		"Delete":    s.Delete(ctx, 1),
	} {
		if errs.KindOf(err) != errs.Unavailable || codeOf(err) != "reviews_unavailable" {
			t.Errorf("%s with the database closed: err = %v, want reviews_unavailable", name, err)
		}
	}
}

func TestParsePage(t *testing.T) {
	cursor := reviews.Cursor{CreatedAt: time.Date(2025, 6, 1, 12, 0, 0, 123456000, time.UTC), ID: 42}
	for _, test := range []struct {
		limit, cursor string
		want          reviews.Page
		code          string
	}{
		{"", "", reviews.Page{Limit: 20}, ""},
		{"1", "", reviews.Page{Limit: 1}, ""},
		{"100", cursor.String(), reviews.Page{Limit: 100, After: &cursor}, ""},
		{"0", "", reviews.Page{}, "invalid_limit"},
		{"101", "", reviews.Page{}, "invalid_limit"},
		{"-1", "", reviews.Page{}, "invalid_limit"},
		{"ten", "", reviews.Page{}, "invalid_limit"},
		{"", "not-a-cursor", reviews.Page{}, "invalid_cursor"},
		{"", cursor.String() + "A", reviews.Page{}, "invalid_cursor"},
		{"", "AAAAAAAAAAAAAAAAAAAAAA", reviews.Page{}, "invalid_cursor"}, // id 0
	} {
		got, err := reviews.ParsePage(test.limit, test.cursor)
		if codeOf(err) != test.code || got.Limit != test.want.Limit ||
			(got.After == nil) != (test.want.After == nil) || got.After != nil && *got.After != *test.want.After {
			t.Errorf("ParsePage(%q, %q) = %+v, %v; want %+v, code %q", test.limit, test.cursor, got, err, test.want, test.code)
		}
	}
}
