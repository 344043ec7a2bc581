package api

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/errs"
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

// maxReviewBytes bounds a posted review: 2,000 characters of up to 4 bytes,
// a name, and JSON's quoting fit well within it.
const maxReviewBytes = 16 << 10

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
	page, err := reviews.ParsePage(r.URL.Query().Get("limit"), r.URL.Query().Get("cursor"))
	if err != nil {
		return err
	}
	list, err := s.cfg.Reviews.Published(r.Context(), knitterID, page)
	if err != nil {
		return err
	}
	return writeJSON(w, r, listAnswer(list, publicReview), reviewsCacheControl)
}

// postReview stores a visitor's review. withReviewOrigin has checked where
// it comes from; the checks below go from the cheapest to the database.
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
	review, err := s.cfg.Reviews.Submit(r.Context(), knitterID, sub, s.clientAddr(r))
	if err != nil {
		var retry *reviews.RetryAfterError
		if errors.As(err, &retry) {
			w.Header().Set("Retry-After", strconv.Itoa(retry.Seconds()))
		}
		return err
	}
	return writeCreated(w, postedReview(review))
}

var (
	errNotJSON = errs.New(errs.UnsupportedMediaType, "unsupported_media_type",
		"Send the review as JSON, with the header Content-Type: application/json.")
	errBodyTooLarge = errs.New(errs.TooLarge, "body_too_large",
		"The request body is larger than %d KiB; a review is at most 2,000 characters.", maxReviewBytes>>10)
)

// readJSONBody reads a request body of at most limit bytes that is declared
// JSON in UTF-8.
func readJSONBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	mediaType, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mediaType != "application/json" {
		return nil, errNotJSON
	}
	for name, value := range params {
		if name != "charset" || !strings.EqualFold(value, "utf-8") {
			return nil, errNotJSON
		}
	}
	if r.ContentLength > limit {
		return nil, errBodyTooLarge
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, errBodyTooLarge
	}
	if err != nil {
		return nil, errs.Wrap(errs.Invalid, "unreadable_body", err, "The request body could not be read to its end.")
	}
	return data, nil
}

// reviewPreflight answers a browser's CORS preflight for a review post from
// an allowed origin (withReviewOrigin checked it), for two hours at most.
func reviewPreflight(w http.ResponseWriter, _ *http.Request) error {
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", "POST")
	h.Set("Access-Control-Allow-Headers", "Content-Type")
	h.Set("Access-Control-Max-Age", "7200")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
	return nil
}

var errOriginNotAllowed = errs.New(errs.Forbidden, "origin_not_allowed",
	"Reviews are taken only from the shop's own pages.")

// withReviewOrigin lets a review post, and its preflight, through only from
// the pages of an allowed origin: one in AllowedOrigins, or the server's own
// (the dev storefront posting to itself). A request without an Origin
// header is refused too: browsers send one with every POST, so only scripts
// leave it out, and a public write has no use for them.
func (s *Server) withReviewOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Origin")
		origin := r.Header.Get("Origin")
		if !s.originAllowed(origin, r.Host) {
			writeError(w, r, s.log, errOriginNotAllowed)
			return
		}
		w.Header().Set("Access-Control-Allow-Origin", origin)
		next.ServeHTTP(w, r)
	})
}

func (s *Server) originAllowed(origin, host string) bool {
	normal, err := NormalizeOrigin(origin)
	if err != nil {
		return false
	}
	for _, allowed := range s.cfg.AllowedOrigins {
		if normal == allowed {
			return true
		}
	}
	u, _ := url.Parse(normal)
	return strings.EqualFold(u.Host, host)
}

// NormalizeOrigin checks that s is an origin, scheme://host[:port] over http
// or https, and returns it in lower case as browsers send it.
func NormalizeOrigin(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", errors.New("an origin is scheme://host[:port] over http or https, such as https://shop.example")
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

// clientAddr is the address of the client behind the request: the peer's,
// unless the peer is a trusted proxy, whose X-Forwarded-For is then read
// from the right, past the trusted proxies, to the first address that is
// not one. Only trusted proxies are believed: anyone can send the header.
func (s *Server) clientAddr(r *http.Request) netip.Addr {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	addr := peer.Addr().Unmap().WithZone("")
	if !s.trustedProxy(addr) {
		return addr
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // what the nearest trusted hop received is garbage: stop at that hop
		}
		addr = hop.Unmap().WithZone("")
		if !s.trustedProxy(addr) {
			break
		}
	}
	return addr
}

func (s *Server) trustedProxy(addr netip.Addr) bool {
	for _, network := range s.cfg.TrustedProxies {
		if network.Contains(addr) {
			return true
		}
	}
	return false
}
