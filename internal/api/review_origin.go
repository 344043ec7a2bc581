package api

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"knitfront/internal/errs"
)

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
// the pages of an allowed origin: one in AllowedOrigins, or under
// OwnOriginMayPost the server's own (the dev storefront posting to itself).
// A request without an Origin header is refused too: browsers send one with
// every POST, so only scripts leave it out, and a public write has no use
// for them.
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
	if slices.Contains(s.cfg.AllowedOrigins, normal) {
		return true
	}
	if !s.cfg.OwnOriginMayPost {
		// The Host header is the client's to write, so an origin derived
		// from it proves nothing where the shop's pages live elsewhere.
		return false
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
