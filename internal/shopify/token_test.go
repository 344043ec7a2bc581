package shopify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// rotatingTokens is a source whose token Renew replaces: "old" until
// renewed, then "new".
type rotatingTokens struct {
	mu       sync.Mutex
	current  string
	renewals []string
}

func (r *rotatingTokens) Token(context.Context) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.current, nil
}

func (r *rotatingTokens) Renew(_ context.Context, rejected string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.renewals = append(r.renewals, rejected)
	r.current = "new"
	return r.current, nil
}

// acceptingOnly is an Admin API that answers 401 to every token but valid.
func acceptingOnly(t *testing.T, valid string) (*httptest.Server, *[]string) {
	t.Helper()
	var mu sync.Mutex
	var sent []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		token := r.Header.Get("X-Shopify-Access-Token")
		mu.Lock()
		sent = append(sent, token)
		mu.Unlock()
		if token != valid {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}`))
			return
		}
		_, _ = w.Write([]byte(okBody))
	}))
	t.Cleanup(srv.Close)
	return srv, &sent
}

func TestClientRenewsOnceOn401(t *testing.T) {
	for _, test := range []struct {
		name         string
		tokens       TokenSource
		valid        string
		wantSent     []string
		wantRefused  bool
		wantRenewals []string
	}{
		{name: "an expired token is renewed and the request sent again", tokens: &rotatingTokens{current: "old"}, valid: "new",
			wantSent: []string{"old", "new"}, wantRenewals: []string{"old"}},
		{name: "a renewed token refused too is not renewed again", tokens: &rotatingTokens{current: "old"}, valid: "other",
			wantSent: []string{"old", "new"}, wantRefused: true, wantRenewals: []string{"old"}},
		{name: "a static token refused is not sent again", tokens: StaticToken("shpat_revoked"), valid: "other",
			wantSent: []string{"shpat_revoked"}, wantRefused: true},
		{name: "a valid token is sent once", tokens: &rotatingTokens{current: "old"}, valid: "old",
			wantSent: []string{"old"}},
	} {
		t.Run(test.name, func(t *testing.T) {
			srv, sent := acceptingOnly(t, test.valid)
			c, err := NewClient(srv.URL, test.tokens)
			if err != nil {
				t.Fatal(err)
			}
			err = c.Do(context.Background(), Operation{Name: "Ok", Query: "{ ok }", ExpectedCost: 1}, nil, nil)
			var auth *AuthError
			if refused := errors.As(err, &auth) && auth.Status == http.StatusUnauthorized; refused != test.wantRefused || (err != nil && !refused) {
				t.Errorf("Do = %v, want refused %v", err, test.wantRefused)
			}
			if fmt.Sprint(*sent) != fmt.Sprint(test.wantSent) {
				t.Errorf("tokens sent = %v, want %v", *sent, test.wantSent)
			}
			if r, ok := test.tokens.(*rotatingTokens); ok && fmt.Sprint(r.renewals) != fmt.Sprint(test.wantRenewals) {
				t.Errorf("renewals of %v, want %v", r.renewals, test.wantRenewals)
			}
		})
	}
}

// A token or a secret formatted, in a struct or logged shows as redacted.
func TestCredentialsAreNeverFormatted(t *testing.T) {
	const token, secret = "shpat_0123456789abcdef", "shpss_fedcba9876543210"
	held := struct {
		Token  StaticToken
		Secret Secret
	}{token, secret}
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("credentials", "token", held.Token, "secret", held.Secret, "held", held)
	slog.New(slog.NewTextHandler(&logged, nil)).Info("credentials", "token", held.Token, "secret", held.Secret)
	for _, out := range []string{
		fmt.Sprint(held.Token), fmt.Sprint(held.Secret), fmt.Sprintf("%v %+v %#v %s", held, held, held, held), logged.String(),
	} {
		if strings.Contains(out, token) || strings.Contains(out, secret) {
			t.Errorf("a credential shows in %s", out)
		}
	}
}
