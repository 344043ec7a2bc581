package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/errs"
	"knitfront/internal/reviews"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

var reviewTime = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

func withKnitters(t *testing.T, db *store.DB) {
	t.Helper()
	mustImport(t, db, catalog.Document{Knitters: []catalog.Knitter{
		{ID: 3, Name: "Dalia", Position: 0},
		{ID: 1, Name: "Rūta", Description: "Cables.", Photo: "/p/1.svg", Avatar: "/a/1.svg", Position: 1},
		{ID: 2, Name: "Agnė", Position: 2},
	}})
}

// review returns a published review of knitter 1 made n seconds after
// reviewTime, with an id that follows n.
func review(n int) reviews.Review {
	at := reviewTime.Add(time.Duration(n) * time.Second)
	return reviews.Review{ID: int64(1000 + n), KnitterID: 1, Body: fmt.Sprintf("Lovely work %d", n), CreatedBy: "Ona",
		CreatedAt: at, Status: reviews.Published, ClientHash: "c1"}
}

func addReview(t *testing.T, db *store.DB, r reviews.Review) reviews.Review {
	t.Helper()
	stored, err := db.AddReview(context.Background(), r, r.Body, r.CreatedAt.Add(-reviews.DuplicateWindow))
	if err != nil || stored != r {
		t.Fatalf("AddReview(%+v) = %+v, %v; want it stored as it is", r, stored, err)
	}
	return stored
}

func ids(list []reviews.Review) []int64 {
	out := make([]int64, len(list))
	for i, r := range list {
		out[i] = r.ID
	}
	return out
}

func TestKnitters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		knitters, err := db.Knitters(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(knitters) != 3 || knitters[0].ID != 3 || knitters[1].ID != 1 || knitters[2].ID != 2 {
			t.Errorf("knitters = %+v; want ids 3, 1, 2 (position order)", knitters)
		}
		if want := (catalog.Knitter{ID: 1, Name: "Rūta", Description: "Cables.", Photo: "/p/1.svg", Avatar: "/a/1.svg", Position: 1}); knitters[1] != want {
			t.Errorf("knitter 1 = %+v, want %+v", knitters[1], want)
		}
		for id, want := range map[int64]bool{1: true, 3: true, 4: false, 0: false} {
			if got, err := db.KnitterExists(ctx, id); err != nil || got != want {
				t.Errorf("KnitterExists(%d) = %v, %v; want %v", id, got, err, want)
			}
		}
	})
}

func TestReviewsRoundTripTextExactly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		withKnitters(t, db)
		texts := []string{
			"Robert'); DROP TABLE knitter_reviews;--",
			`<script>alert("x")</script> & <b>bold</b>`,
			"Line one\nLine two\n\nÄčiū! 🧶 — ñ 日本",
			`\u0000 is not a NUL, and %s %d $1 are not placeholders`,
		}
		for i, text := range texts {
			r := review(i)
			r.Body, r.CreatedBy = text, text
			addReview(t, db, r)
		}
		list, err := db.Reviews(context.Background(), reviews.Filter{KnitterID: 1}, nil, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != len(texts) {
			t.Fatalf("got %d reviews, want %d", len(list), len(texts))
		}
		for i, text := range texts {
			got := list[len(texts)-1-i]
			if got.Body != text || got.CreatedBy != text {
				t.Errorf("stored %q, read back body %q, name %q", text, got.Body, got.CreatedBy)
			}
			if want := review(i).CreatedAt; !got.CreatedAt.Equal(want) || got.CreatedAt.Location() != time.UTC {
				t.Errorf("created_at = %v, want %v in UTC", got.CreatedAt, want)
			}
		}
	})
}

func TestReviewsPageNewestFirstThroughEqualTimes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		// Five reviews in one microsecond, and two later ones.
		for _, n := range []int{0, 1, 2, 3, 4} {
			r := review(n)
			r.CreatedAt = reviewTime.Add(123456 * time.Microsecond)
			addReview(t, db, r)
		}
		// Later reviews with smaller ids: the order is by time first.
		for _, n := range []int{10, 11} {
			r := review(n)
			r.ID = int64(500 + n)
			addReview(t, db, r)
		}
		hidden := review(12)
		hidden.Status = reviews.Hidden
		addReview(t, db, hidden)
		other := review(13)
		other.KnitterID = 2
		addReview(t, db, other)

		var got []int64
		var after *reviews.Cursor
		for range 10 {
			page, err := db.Reviews(ctx, reviews.Filter{KnitterID: 1, Status: reviews.Published}, after, 2)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, ids(page)...)
			if len(page) < 2 {
				break
			}
			last := page[len(page)-1]
			after = &reviews.Cursor{CreatedAt: last.CreatedAt, ID: last.ID}
		}
		want := []int64{511, 510, 1004, 1003, 1002, 1001, 1000}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("paged through %v, want %v", got, want)
		}

		all, err := db.Reviews(ctx, reviews.Filter{}, nil, 100)
		if err != nil || len(all) != 9 || all[0].ID != 1013 {
			t.Errorf("all reviews = %v, %v; want 9, newest (1013) first", ids(all), err)
		}
		hiddenOnly, err := db.Reviews(ctx, reviews.Filter{Status: reviews.Hidden}, nil, 100)
		if err != nil || fmt.Sprint(ids(hiddenOnly)) != "[1012]" {
			t.Errorf("hidden reviews = %v, %v; want [1012]", ids(hiddenOnly), err)
		}
	})
}

func TestAddReviewStoresTheSameTextOnceAMinute(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		first := addReview(t, db, review(0))

		again := review(0)
		again.ID, again.CreatedAt, again.ClientHash = 5000, reviewTime.Add(59*time.Second), "c2"
		stored, err := db.AddReview(ctx, again, again.Body, again.CreatedAt.Add(-reviews.DuplicateWindow))
		if err != nil || stored != first {
			t.Errorf("the same text 59 s later = %+v, %v; want the first review %+v", stored, err, first)
		}

		otherKnitter := again
		otherKnitter.ID, otherKnitter.KnitterID = 5001, 2
		if stored, err := db.AddReview(ctx, otherKnitter, otherKnitter.Body, otherKnitter.CreatedAt.Add(-reviews.DuplicateWindow)); err != nil || stored.ID != 5001 {
			t.Errorf("the same text for another knitter = %d, %v; want a review of its own", stored.ID, err)
		}

		later := review(0)
		later.ID, later.CreatedAt = 5002, reviewTime.Add(reviews.DuplicateWindow)
		if stored, err := db.AddReview(ctx, later, later.Body, later.CreatedAt.Add(-reviews.DuplicateWindow)); err != nil || stored.ID != 5002 {
			t.Errorf("the same text a minute later = %d, %v; want it stored", stored.ID, err)
		}
		// The window now runs from the second post.
		soon := review(0)
		soon.ID, soon.CreatedAt = 5003, reviewTime.Add(reviews.DuplicateWindow+time.Second)
		if stored, err := db.AddReview(ctx, soon, soon.Body, soon.CreatedAt.Add(-reviews.DuplicateWindow)); err != nil || stored.ID != 5002 {
			t.Errorf("a second after the second post = %d, %v; want the second review", stored.ID, err)
		}

		list, err := db.Reviews(ctx, reviews.Filter{KnitterID: 1}, nil, 100)
		if err != nil || fmt.Sprint(ids(list)) != "[5002 1000]" {
			t.Errorf("knitter 1 has %v, %v; want [5002 1000]", ids(list), err)
		}
	})
}

func TestConcurrentDuplicatesStoreOneReview(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		const posts = 8
		got := make([]int64, posts)
		var wg sync.WaitGroup
		for i := range posts {
			wg.Go(func() {
				r := review(0)
				r.ID = int64(7000 + i)
				stored, err := db.AddReview(ctx, r, r.Body, r.CreatedAt.Add(-reviews.DuplicateWindow))
				if err != nil {
					t.Errorf("post %d: %v", i, err)
				}
				got[i] = stored.ID
			})
		}
		wg.Wait()
		for _, id := range got {
			if id != got[0] {
				t.Errorf("concurrent posts of one text were answered with different reviews: %v", got)
				break
			}
		}
		list, err := db.Reviews(ctx, reviews.Filter{}, nil, 100)
		if err != nil || len(list) != 1 || list[0].ID != got[0] {
			t.Errorf("stored %v, %v; want the one review %d", ids(list), err, got[0])
		}
	})
}

func TestAddReviewWithATakenID(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		addReview(t, db, review(0))
		clash := review(1)
		clash.ID = review(0).ID
		if _, err := db.AddReview(ctx, clash, clash.Body, clash.CreatedAt.Add(-time.Minute)); !errors.Is(err, reviews.ErrIDTaken) {
			t.Errorf("a taken id: err = %v, want ErrIDTaken", err)
		}
		// Its text was not claimed: with a free id it is stored.
		clash.ID = 9999
		if stored, err := db.AddReview(ctx, clash, clash.Body, clash.CreatedAt.Add(-time.Minute)); err != nil || stored.ID != 9999 {
			t.Errorf("retried with a free id = %d, %v; want it stored", stored.ID, err)
		}
	})
}

func TestModerateReviews(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		withKnitters(t, db)
		r := addReview(t, db, review(0))

		hidden, err := db.SetReviewStatus(ctx, r.ID, reviews.Hidden)
		if want := r; err != nil || hidden.Status != reviews.Hidden || hidden.Body != want.Body || !hidden.CreatedAt.Equal(want.CreatedAt) {
			t.Errorf("hide = %+v, %v", hidden, err)
		}
		if _, err := db.SetReviewStatus(ctx, 42, reviews.Published); !errors.Is(err, errs.ErrNotFound) {
			t.Errorf("status of an unknown review: err = %v, want ErrNotFound", err)
		}
		if err := db.DeleteReview(ctx, r.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteReview(ctx, r.ID); !errors.Is(err, errs.ErrNotFound) {
			t.Errorf("deleting twice: err = %v, want ErrNotFound", err)
		}
		// Deleting a review frees its text at once.
		again := review(0)
		again.ID, again.CreatedAt = 6000, reviewTime.Add(time.Second)
		if stored, err := db.AddReview(ctx, again, again.Body, again.CreatedAt.Add(-time.Minute)); err != nil || stored.ID != 6000 {
			t.Errorf("the deleted review's text posted again = %d, %v; want it stored", stored.ID, err)
		}
	})
}

func TestSecretIsCreatedOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		first, err := db.Secret(ctx, "salt", "aa")
		if err != nil || first != "aa" {
			t.Fatalf("first Secret = %q, %v", first, err)
		}
		if again, err := db.Secret(ctx, "salt", "bb"); err != nil || again != "aa" {
			t.Errorf("second Secret = %q, %v; want the first value kept", again, err)
		}
		if other, err := db.Secret(ctx, "other", "cc"); err != nil || other != "cc" {
			t.Errorf("another secret = %q, %v", other, err)
		}
	})
}
