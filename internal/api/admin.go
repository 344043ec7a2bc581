package api

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
	"sync"
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

// The limits on wrong admin tokens. Guessing an admin token is hopeless
// whatever the rate, since the program takes none of under 128 bits; the
// limits keep guesses from costing the server, and keep a guesser, however
// many addresses it has, from trying more than AdminGlobalFailureRate a
// minute, while the shop owner still gets in.
var (
	// AdminFailureRate is how many wrong tokens a client may send before
	// its wrong ones are answered 429. Its right token still passes: anyone
	// who shares the owner's address (every visitor, behind a load balancer
	// without --trusted-proxies) could otherwise lock the owner out.
	AdminFailureRate = reviews.Rate{Posts: 10, Per: time.Minute}
	// AdminGlobalFailureRate is how many wrong tokens all clients together
	// may send: past it, a token is not even looked at, but from an address
	// the right token came from within AdminSignInMemory.
	AdminGlobalFailureRate = reviews.Rate{Posts: 100, Per: time.Minute}
)

// AdminSignInMemory is how long an address the right admin token came from
// has its tokens looked at while the global limit is reached; at most
// maxSignInAddresses are remembered, the oldest forgotten first.
const (
	AdminSignInMemory  = 24 * time.Hour
	maxSignInAddresses = 64
)

// everyClient is the global limiter's one key.
const everyClient = "*"

// withAdmin lets a request through only with the admin bearer token. Each
// attempt counts against the global limit before its token is looked at,
// and a right one is taken back after: guesses sent all at once count as
// they arrive, rather than all being looked at before the first of them
// counts. Past the global limit, only the tokens from addresses the owner
// signed in from are looked at.
func (s *Server) withAdmin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.AdminToken == "" {
			writeError(w, r, s.log, errAdminDisabled)
			return
		}
		client := reviews.ClientKey(s.clientAddr(r))
		globalWait, _ := s.adminFailuresAll.Allow(r.Context(), everyClient) // in memory: never fails
		if globalWait > 0 && !s.adminSignIns.recent(client) {
			s.tooManyAttempts(w, r, globalWait, "Too many wrong admin tokens were sent lately. Please wait before trying again.")
			return
		}
		token, ok := bearerToken(r.Header.Get("Authorization"))
		if ok && sameSecret(token, s.cfg.AdminToken) {
			if globalWait == 0 {
				_ = s.adminFailuresAll.Refund(r.Context(), everyClient)
			}
			s.adminSignIns.add(client)
			next.ServeHTTP(w, r)
			return
		}
		if wait, _ := s.adminFailures.Allow(r.Context(), client); wait > 0 {
			s.tooManyAttempts(w, r, wait, "Too many wrong admin tokens were sent from here. Please wait before trying again.")
			return
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="knitfront admin"`)
		writeError(w, r, s.log, errUnauthorized)
	})
}

func (s *Server) tooManyAttempts(w http.ResponseWriter, r *http.Request, wait time.Duration, message string) {
	writeError(w, r, s.log, errs.Wrap(errs.TooManyRequests, "too_many_attempts", &reviews.RetryAfterError{Wait: wait}, message))
}

// signIns remembers the addresses the right admin token came from lately.
type signIns struct {
	now func() time.Time

	mu sync.Mutex
	at map[string]time.Time // by client key
}

func newSignIns(now func() time.Time) *signIns {
	return &signIns{now: now, at: map[string]time.Time{}}
}

func (si *signIns) add(client string) {
	si.mu.Lock()
	defer si.mu.Unlock()
	if _, known := si.at[client]; !known && len(si.at) >= maxSignInAddresses {
		oldest := ""
		for c, at := range si.at {
			if oldest == "" || at.Before(si.at[oldest]) {
				oldest = c
			}
		}
		delete(si.at, oldest)
	}
	si.at[client] = si.now()
}

func (si *signIns) recent(client string) bool {
	si.mu.Lock()
	defer si.mu.Unlock()
	at, ok := si.at[client]
	return ok && si.now().Sub(at) < AdminSignInMemory
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
