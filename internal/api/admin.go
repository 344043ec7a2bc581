package api

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strconv"
	"strings"
	"time"

	"knitfront/internal/errs"
	"knitfront/internal/reviews"
)

// Admin answers are for the shop owner alone: never kept by a cache.
const adminCacheControl = "no-store"

var (
	// errAdminDisabled answers every admin call while no token is set, the
	// same whatever the request carries, so nothing can be guessed.
	errAdminDisabled = errs.NotFoundf("admin_disabled",
		"The admin endpoints are off: set KNITFRONT_ADMIN_TOKEN to turn them on.")
	errUnauthorized = errs.New(errs.Unauthorized, "unauthorized",
		"The admin endpoints need the header Authorization: Bearer <KNITFRONT_ADMIN_TOKEN>.")
)

// AdminFailureRate is how many wrong admin tokens a client may send: then
// it waits, whatever it sends, so that guessing goes at a crawl.
var AdminFailureRate = reviews.Rate{Posts: 10, Per: time.Minute}

// withAdmin lets a request through only with the admin bearer token. A
// client that sent too many wrong ones is refused before its token is
// looked at, so that a right guess among them tells it nothing. Each
// attempt counts as a wrong one before its token is looked at, and a right
// one is taken back after: guesses sent all at once count as they arrive,
// rather than all passing the check before the first of them counts.
func (s *Server) withAdmin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.AdminToken == "" {
			writeError(w, r, s.log, errAdminDisabled)
			return
		}
		client := reviews.ClientKey(s.clientAddr(r))
		if wait, _ := s.adminFailures.Allow(r.Context(), client); wait > 0 {
			retry := &reviews.RetryAfterError{Wait: wait}
			w.Header().Set("Retry-After", strconv.Itoa(retry.Seconds()))
			writeError(w, r, s.log, errs.Wrap(errs.TooManyRequests, "too_many_attempts", retry,
				"Too many wrong admin tokens were sent from here. Please wait before trying again."))
			return
		}
		token, ok := bearerToken(r.Header.Get("Authorization"))
		if !ok || !sameSecret(token, s.cfg.AdminToken) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="knitfront admin"`)
			writeError(w, r, s.log, errUnauthorized)
			return
		}
		_ = s.adminFailures.Refund(r.Context(), client) // in memory: never fails
		next.ServeHTTP(w, r)
	})
}

// bearerToken reads the token of an Authorization header of the Bearer
// scheme, whose name is case-insensitive.
func bearerToken(header string) (string, bool) {
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// sameSecret compares two secrets in constant time. Comparing their SHA-256
// digests keeps the secret's length from showing in the timing as well.
func sameSecret(given, want string) bool {
	a, b := sha256.Sum256([]byte(given)), sha256.Sum256([]byte(want))
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}

func (s *Server) adminReviews(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	var f reviews.Filter
	if status := q.Get("status"); status != "" {
		var err error
		if f.Status, err = reviews.ParseStatus(status); err != nil {
			return err
		}
	}
	if knitter := q.Get("knitter_id"); knitter != "" {
		var err error
		if f.KnitterID, err = parseID(knitter, "knitter"); err != nil {
			return err
		}
	}
	page, err := reviews.ParsePage(q.Get("limit"), q.Get("cursor"))
	if err != nil {
		return err
	}
	list, err := s.cfg.Reviews.List(r.Context(), f, page)
	if err != nil {
		return err
	}
	return writeJSON(w, r, listAnswer(list, moderatedReview), adminCacheControl)
}

func (s *Server) hideReview(w http.ResponseWriter, r *http.Request) error {
	return s.setReviewStatus(w, r, reviews.Hidden)
}

func (s *Server) publishReview(w http.ResponseWriter, r *http.Request) error {
	return s.setReviewStatus(w, r, reviews.Published)
}

func (s *Server) setReviewStatus(w http.ResponseWriter, r *http.Request, status reviews.Status) error {
	id, err := parseID(r.PathValue("reviewId"), "review")
	if err != nil {
		return err
	}
	review, err := s.cfg.Reviews.SetStatus(r.Context(), id, status)
	if err != nil {
		return err
	}
	return writeJSON(w, r, moderatedReview(review), adminCacheControl)
}

func (s *Server) deleteReview(w http.ResponseWriter, r *http.Request) error {
	id, err := parseID(r.PathValue("reviewId"), "review")
	if err != nil {
		return err
	}
	if err := s.cfg.Reviews.Delete(r.Context(), id); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", adminCacheControl)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
