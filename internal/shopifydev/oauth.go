package shopifydev

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// The client credentials of the stand-in's app, unless SetClientCredentials
// changes them.
const (
	DevClientID     = "knitfront-dev-client-id"
	DevClientSecret = "knitfront-dev-client-secret"
)

// defaultTokenLifetime is how long a token Shopify gives through the client
// credentials grant lives: expires_in answers 86399.
const defaultTokenLifetime = 86399 * time.Second

// oauth is the stand-in's token endpoint: the app's credentials and the
// tokens it gave.
type oauth struct {
	clientID, clientSecret string
	lifetime               time.Duration
	// issued holds each token given, with when it expires.
	issued map[string]time.Time
	// asked counts the token requests answered, failed ones included.
	asked int
	// failing is how many of the next token requests answer 503.
	failing int
}

func newOAuth() oauth {
	return oauth{clientID: DevClientID, clientSecret: DevClientSecret, lifetime: defaultTokenLifetime, issued: map[string]time.Time{}}
}

// SetClientCredentials makes id and secret the app's client credentials.
func (s *Server) SetClientCredentials(id, secret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.oauth.clientID, s.oauth.clientSecret = id, secret
}

// SetTokenLifetime makes the tokens given from now on live d, so that a
// test sees them expire within seconds.
func (s *Server) SetTokenLifetime(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.oauth.lifetime = d
}

// ExpireTokens makes every token the endpoint gave expire now: the Admin
// API answers 401 to them, as Shopify does to an expired token.
func (s *Server) ExpireTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	for token, expires := range s.oauth.issued {
		if expires.After(now) {
			s.oauth.issued[token] = now
		}
	}
}

// FailTokenRequests makes the next n token requests answer 503, as an
// endpoint that is down.
func (s *Server) FailTokenRequests(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.oauth.failing = n
}

// TokenRequests counts the token requests answered, failed ones included.
func (s *Server) TokenRequests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.oauth.asked
}

// tokenTaken says whether the Admin API takes token: the static token the
// stand-in was made with, or one the endpoint gave that has not expired;
// none once the app's token is revoked. s.mu is held.
func (s *Server) tokenTaken(token string) bool {
	if s.revoked || token == "" {
		return false
	}
	if token == s.token {
		return true
	}
	expires, given := s.oauth.issued[token]
	return given && s.now().Before(expires)
}

// serveAccessToken answers the client credentials grant as Shopify does:
// a form with the app's client ID and secret gets a token, the scopes it
// holds and its life in seconds; wrong credentials get OAuth's
// invalid_client.
func (s *Server) serveAccessToken(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.oauth.asked++
	if s.oauth.failing > 0 {
		s.oauth.failing--
		http.Error(w, "Service Unavailable", http.StatusServiceUnavailable)
		return
	}
	if err := r.ParseForm(); err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request", "the request is not a form")
		return
	}
	switch {
	case r.PostForm.Get("grant_type") != "client_credentials":
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type", "the stand-in answers the client credentials grant")
	case r.PostForm.Get("client_id") != s.oauth.clientID || r.PostForm.Get("client_secret") != s.oauth.clientSecret:
		oauthError(w, http.StatusUnauthorized, "invalid_client", "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.")
	default:
		token := "shpat_" + rand.Text()
		s.oauth.issued[token] = s.now().Add(s.oauth.lifetime)
		writeJSON(w, map[string]any{
			"access_token": token,
			"scope":        strings.Join(s.scopes, ","),
			"expires_in":   int64(s.oauth.lifetime / time.Second),
		})
	}
}

func oauthError(w http.ResponseWriter, status int, code, description string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": description})
}
