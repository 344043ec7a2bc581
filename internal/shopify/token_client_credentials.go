package shopify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// AccessTokenPath is where a shop answers OAuth token requests.
const AccessTokenPath = "/admin/oauth/access_token"

const (
	// renewAhead is how long before a token expires it is renewed; a
	// token living less than ten times that is renewed when a tenth of its
	// life is left.
	renewAhead = 5 * time.Minute
	// tokenAttempts bounds the tries of one token request while the
	// endpoint fails; the next request for a token tries again.
	tokenAttempts = 8
	// firstTokenBackoff doubles, with jitter, after each failed try, up to
	// maxTokenBackoff.
	firstTokenBackoff = time.Second
	maxTokenBackoff   = time.Minute
	// refusedPause is how long a refusal of the credentials is given
	// again without asking Shopify: a wrong secret stays wrong until an
	// operator changes it, and asking on every request would only add to
	// Shopify's count of failed logins.
	refusedPause = time.Minute
	// maxTokenAnswerBytes bounds the token endpoint's answer.
	maxTokenAnswerBytes = 64 << 10
)

// ClientCredentials is the token source of an app of the merchant's own
// organization, made in the Dev Dashboard: it asks the shop's token
// endpoint for a token with the app's client ID and secret (the client
// credentials grant), which lives about a day and has no refresh token. It
// asks for the next one ahead of the expiry, while the current one is still
// used, and at once when Shopify refuses the current one; one request at a
// time, whatever the number of callers. When the endpoint fails it retries
// with jittered backoff, and callers keep the current token meanwhile.
// Configuration does not choose it yet: serve and dev use a StaticToken.
type ClientCredentials struct {
	endpoint     string
	clientID     string
	clientSecret Secret
	http         *http.Client
	now          func() time.Time
	wait         func(ctx context.Context, d time.Duration) error
	jitter       func(d time.Duration) time.Duration
	log          *slog.Logger

	mu      sync.Mutex
	current grantedToken
	// asking is the token request under way; nil when none is.
	asking *tokenRequest
	// refused is Shopify's last refusal of the credentials, given again
	// until refusedPause has passed since refusedAt.
	refused   error
	refusedAt time.Time
}

var _ TokenSource = (*ClientCredentials)(nil)

// ClientCredentialsConfig is what a ClientCredentials source needs; the
// zero values of the optional fields are the real clock, jitter and HTTP.
type ClientCredentialsConfig struct {
	// Shop is the shop as ShopURL takes it.
	Shop         string
	ClientID     string
	ClientSecret Secret
	HTTP         *http.Client
	Now          func() time.Time
	Wait         func(ctx context.Context, d time.Duration) error
	// Jitter picks a wait in [0, d].
	Jitter func(d time.Duration) time.Duration
	Log    *slog.Logger
}

// grantedToken is one token the endpoint gave.
type grantedToken struct {
	value   string
	expires time.Time
	renewAt time.Time
}

// tokenRequest is one request for a token, which every caller that needs
// a new token meanwhile waits on.
type tokenRequest struct {
	done  chan struct{}
	token grantedToken
	err   error
}

// NewClientCredentials returns the source of the app's tokens on the shop.
// It asks for none until the first Token.
func NewClientCredentials(cfg ClientCredentialsConfig) (*ClientCredentials, error) {
	u, err := ShopURL(cfg.Shop)
	if err != nil {
		return nil, err
	}
	if cfg.ClientID == "" || cfg.ClientSecret == "" {
		return nil, &AuthError{Reason: "the client credentials grant needs the app's client ID and its secret"}
	}
	c := &ClientCredentials{
		endpoint: u.String() + AccessTokenPath, clientID: cfg.ClientID, clientSecret: cfg.ClientSecret,
		http: cfg.HTTP, now: cfg.Now, wait: cfg.Wait, jitter: cfg.Jitter, log: cfg.Log,
	}
	if c.http == nil {
		c.http = &http.Client{Timeout: 30 * time.Second}
	}
	if c.now == nil {
		c.now = time.Now
	}
	if c.wait == nil {
		c.wait = sleep
	}
	if c.jitter == nil {
		c.jitter = fullJitter
	}
	if c.log == nil {
		c.log = slog.New(slog.DiscardHandler)
	}
	return c, nil
}

// Token is the current token while it has life left. Once it is due for
// renewal, a request for the next starts and the current one is still
// given; once it has expired, or before the first, Token waits for the
// request (or ctx).
func (c *ClientCredentials) Token(ctx context.Context) (string, error) {
	c.mu.Lock()
	now, t := c.now(), c.current
	if t.value != "" && now.Before(t.expires) {
		if !now.Before(t.renewAt) {
			c.askLocked()
		}
		c.mu.Unlock()
		return t.value, nil
	}
	req := c.askLocked()
	c.mu.Unlock()
	return req.await(ctx)
}

// Renew gives the token that replaced rejected, or asks for one: Shopify
// refusing a token that should still live means it is no longer taken.
func (c *ClientCredentials) Renew(ctx context.Context, rejected string) (string, error) {
	c.mu.Lock()
	if t := c.current; t.value != "" && t.value != rejected && c.now().Before(t.expires) {
		c.mu.Unlock()
		return t.value, nil
	}
	if c.current.value == rejected {
		c.current = grantedToken{}
	}
	req := c.askLocked()
	c.mu.Unlock()
	return req.await(ctx)
}

// askLocked returns the token request under way, starting one if none is;
// c.mu is held.
func (c *ClientCredentials) askLocked() *tokenRequest {
	if c.asking != nil {
		return c.asking
	}
	if c.refused != nil && c.now().Sub(c.refusedAt) < refusedPause {
		req := &tokenRequest{done: make(chan struct{}), err: c.refused}
		close(req.done)
		return req
	}
	req := &tokenRequest{done: make(chan struct{})}
	c.asking = req
	// The request outlives the caller that started it: others wait on it,
	// and a renewal ahead of expiry has no caller waiting at all.
	go c.ask(req)
	return req
}

func (r *tokenRequest) await(ctx context.Context) (string, error) {
	select {
	case <-r.done:
		return r.token.value, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// ask requests a token, retrying the endpoint's failures with backoff a
// bounded number of times, and keeps what it got.
func (c *ClientCredentials) ask(req *tokenRequest) {
	ctx := context.Background()
	var err error
	for attempt := range tokenAttempts {
		var t grantedToken
		if t, err = c.request(ctx); err == nil {
			req.token = t
			break
		}
		var refused *CredentialsRefusedError
		if errors.As(err, &refused) {
			break
		}
		if attempt == tokenAttempts-1 {
			err = fmt.Errorf("asking Shopify for an Admin API access token: gave up after %d tries: %w", tokenAttempts, err)
			break
		}
		wait := c.jitter(min(maxTokenBackoff, firstTokenBackoff<<attempt))
		c.log.Warn("Shopify's token endpoint failed; the current token, if any, is used meanwhile",
			"err", err.Error(), "try", attempt+1, "retry_in", wait.String())
		_ = c.wait(ctx, wait)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asking = nil
	req.err = err
	var refused *CredentialsRefusedError
	switch {
	case err == nil:
		c.current, c.refused = req.token, nil
	case errors.As(err, &refused):
		c.refused, c.refusedAt = err, c.now()
	}
	close(req.done)
}

// tokenAnswer is the token endpoint's answer to the client credentials
// grant; Error and Description are OAuth's error answer.
type tokenAnswer struct {
	AccessToken string `json:"access_token"`
	ExpiresIn   int64  `json:"expires_in"`
	Error       string `json:"error"`
	Description string `json:"error_description"`
}

// request sends one token request.
func (c *ClientCredentials) request(ctx context.Context) (grantedToken, error) {
	form := url.Values{
		"grant_type":    {"client_credentials"},
		"client_id":     {c.clientID},
		"client_secret": {string(c.clientSecret)},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return grantedToken{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	// The token's life counts from the moment it was asked for, so that
	// the time the answer took is never counted as life it has.
	asked := c.now()
	resp, err := c.http.Do(req)
	if err != nil {
		return grantedToken{}, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxTokenAnswerBytes))
	if err != nil {
		return grantedToken{}, err
	}
	var a tokenAnswer
	decodeErr := json.Unmarshal(raw, &a)
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return grantedToken{}, fmt.Errorf("HTTP %d", resp.StatusCode)
	case resp.StatusCode != http.StatusOK:
		return grantedToken{}, &CredentialsRefusedError{Status: resp.StatusCode, Code: a.Error, Description: a.Description}
	case decodeErr != nil:
		return grantedToken{}, fmt.Errorf("the token endpoint's answer is not JSON: %w", decodeErr)
	case a.AccessToken == "" || a.ExpiresIn <= 0:
		return grantedToken{}, errors.New("the token endpoint answered no access_token or no expires_in")
	}
	life := time.Duration(a.ExpiresIn) * time.Second
	expires := asked.Add(life)
	return grantedToken{
		value:   a.AccessToken,
		expires: expires,
		renewAt: expires.Add(-min(renewAhead, life/10)),
	}, nil
}

// CredentialsRefusedError is the token endpoint refusing the app's client
// ID and secret: they are wrong, the secret was rotated, or the app is not
// installed on the shop.
type CredentialsRefusedError struct {
	Status      int
	Code        string
	Description string
}

func (e *CredentialsRefusedError) Error() string {
	answer := fmt.Sprintf("HTTP %d", e.Status)
	if e.Code != "" {
		answer += " " + e.Code
	}
	if e.Description != "" {
		answer += ": " + e.Description
	}
	return "Shopify refused the app's client credentials (" + answer + "): copy the client ID and the secret from the app's Settings in the Dev Dashboard, and check that the app is installed on the shop"
}
