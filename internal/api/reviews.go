package api

import (
	"context"
	"net/http"
	"net/netip"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/reviews"
)

// Reviews is the knitters page's backend and its moderation;
// *reviews.Service implements it.
type Reviews interface {
	Knitters(ctx context.Context) ([]catalog.Knitter, error)
	Published(ctx context.Context, knitterID int64, page reviews.Page) (reviews.List, error)
	Submit(ctx context.Context, knitterID int64, sub reviews.Submission, client netip.Addr) (reviews.Review, error)
	List(ctx context.Context, f reviews.Filter, page reviews.Page) (reviews.List, error)
	SetStatus(ctx context.Context, id int64, status reviews.Status) (reviews.Review, error)
	Delete(ctx context.Context, id int64) error
}

// Knitters change only with an import; reviews should show soon after they
// are posted or hidden, so a CDN keeps them briefly.
const (
	knittersCacheControl = "public, max-age=60"
	reviewsCacheControl  = "public, max-age=10"
)

// maxReviewBytes bounds a posted review: the longest valid one, every
// character of its body and name written as a JSON escaped surrogate pair
// (12 bytes, as \ud83e\uddf6), and a kibibyte for the field names and
// quoting.
const maxReviewBytes = int64((reviews.MaxBodyChars+reviews.MaxNameChars)*len(`\ud83e\uddf6`) + 1<<10)

type knitterAnswer struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Photo       string `json:"photo"`
	Avatar      string `json:"avatar"`
}

type knittersAnswer struct {
	Knitters []knitterAnswer `json:"knitters"`
}

// reviewAnswer is a review as the API shows it. Status is shown to the
// poster and the shop owner; the client hash only to the shop owner.
type reviewAnswer struct {
	ID         int64          `json:"id"`
	KnitterID  int64          `json:"knitter_id"`
	Body       string         `json:"body"`
	CreatedBy  string         `json:"created_by"`
	CreatedAt  time.Time      `json:"created_at"`
	Status     reviews.Status `json:"status,omitempty"`
	ClientHash string         `json:"client_hash,omitempty"`
}

func publicReview(r reviews.Review) reviewAnswer {
	return reviewAnswer{ID: r.ID, KnitterID: r.KnitterID, Body: r.Body, CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt.UTC()}
}

func postedReview(r reviews.Review) reviewAnswer {
	a := publicReview(r)
	a.Status = r.Status
	return a
}

func moderatedReview(r reviews.Review) reviewAnswer {
	a := postedReview(r)
	a.ClientHash = r.ClientHash
	return a
}

// reviewsAnswer is a page of reviews; next_cursor is null on the last.
type reviewsAnswer struct {
	Reviews    []reviewAnswer `json:"reviews"`
	NextCursor *string        `json:"next_cursor"`
}

func listAnswer(list reviews.List, show func(reviews.Review) reviewAnswer) reviewsAnswer {
	answer := reviewsAnswer{Reviews: make([]reviewAnswer, len(list.Reviews))}
	for i, r := range list.Reviews {
		answer.Reviews[i] = show(r)
	}
	if list.Next != nil {
		next := list.Next.String()
		answer.NextCursor = &next
	}
	return answer
}

func (s *Server) knitters(w http.ResponseWriter, r *http.Request) error {
	knitters, err := s.cfg.Reviews.Knitters(r.Context())
	if err != nil {
		return err
	}
	answer := knittersAnswer{Knitters: make([]knitterAnswer, len(knitters))}
	for i, k := range knitters {
		answer.Knitters[i] = knitterAnswer{ID: k.ID, Name: k.Name, Description: k.Description, Photo: k.Photo, Avatar: k.Avatar}
	}
	return writeJSON(w, r, answer, knittersCacheControl)
}

func (s *Server) knitterReviews(w http.ResponseWriter, r *http.Request) error {
	knitterID, err := parseID(r.PathValue("knitterId"), "knitter")
	if err != nil {
		return err
	}
	q := r.URL.Query()
	page, err := reviews.ParsePage(q.Get("limit"), q.Get("cursor"))
	if err != nil {
		return err
	}
	list, err := s.cfg.Reviews.Published(r.Context(), knitterID, page)
	if err != nil {
		return err
	}
	return writeJSON(w, r, listAnswer(list, publicReview), reviewsCacheControl)
}

// postReview stores a visitor's review. withReviewOrigin, or withAppProxy
// for a review posted through Shopify's app proxy, has checked where it
// comes from; the checks below go from the cheapest to the database.
func (s *Server) postReview(w http.ResponseWriter, r *http.Request) error {
	knitterID, err := parseID(r.PathValue("knitterId"), "knitter")
	if err != nil {
		return err
	}
	data, err := readJSONBody(w, r, maxReviewBytes)
	if err != nil {
		return err
	}
	sub, err := reviews.ParseSubmission(data)
	if err != nil {
		return err
	}
	client := s.clientAddr(r)
	if proxied, ok := proxiedRequest(r); ok {
		client = s.proxyClientAddr(r)
		sub.ShopDomain, sub.CustomerID = proxied.Shop, proxied.CustomerID
	}
	review, err := s.cfg.Reviews.Submit(r.Context(), knitterID, sub, client)
	if err != nil {
		return err
	}
	return writeCreated(w, postedReview(review))
}
