package shopify

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
)

// TokenSource gives the Admin API access token a request carries. How the
// token is had (a static token of an app made in the shop's admin, the
// client credentials grant of a Dev Dashboard app) is the source's business;
// the client only asks for it before each request and, when Shopify answers
// 401, asks for another.
type TokenSource interface {
	// Token is the token to send now.
	Token(ctx context.Context) (string, error)
	// Renew is a token other than rejected, which Shopify answered 401 to.
	// Concurrent requests refused with the same stale token share one
	// renewal: a caller whose rejected token was already replaced gets the
	// replacement at once. A source that cannot renew returns an error
	// that is ErrNotRenewable.
	Renew(ctx context.Context, rejected string) (string, error)
}

// ErrNotRenewable is what Renew returns when the source has no other
// token to give, as a static token has not.
var ErrNotRenewable = errors.New("the Admin API access token cannot be renewed")

// StaticToken is an Admin API access token that never changes: that of a
// custom app made in the shop's admin before 2026, which lives until the
// app is uninstalled. Printed or logged, it shows as redacted.
type StaticToken string

var _ TokenSource = StaticToken("")

// Token returns the token itself.
func (t StaticToken) Token(context.Context) (string, error) {
	if t == "" {
		return "", &AuthError{Reason: "no Admin API access token is set"}
	}
	return string(t), nil
}

// Renew has nothing else to give: Shopify refusing a static token means it
// is wrong or revoked.
func (StaticToken) Renew(context.Context, string) (string, error) {
	return "", ErrNotRenewable
}

// String keeps the token out of anything that formats it.
func (StaticToken) String() string { return redacted }

// GoString keeps the token out of %#v.
func (StaticToken) GoString() string { return redacted }

// LogValue keeps the token out of logs.
func (StaticToken) LogValue() slog.Value { return slog.StringValue(redacted) }

// MarshalText keeps the token out of JSON, a struct logged as JSON included.
func (StaticToken) MarshalText() ([]byte, error) { return []byte(redacted), nil }

// Secret is a credential (a client secret) that shows as redacted when
// printed or logged, so that a struct holding one can be.
type Secret string

// String keeps the secret out of anything that formats it.
func (Secret) String() string { return redacted }

// GoString keeps the secret out of %#v.
func (Secret) GoString() string { return redacted }

// LogValue keeps the secret out of logs.
func (Secret) LogValue() slog.Value { return slog.StringValue(redacted) }

// MarshalText keeps the secret out of JSON, a struct logged as JSON included.
func (Secret) MarshalText() ([]byte, error) { return []byte(redacted), nil }

const redacted = "[redacted]"

// authorizedSend sends body with the source's token and, when Shopify
// answers 401 (the token expired or was rotated while a sync or a
// webhook's re-read was under way), once more with a renewed one, so that
// the work in flight finishes on the new token.
func (c *Client) authorizedSend(ctx context.Context, body []byte) (json.RawMessage, error) {
	token, err := c.tokens.Token(ctx)
	if err != nil {
		return nil, err
	}
	data, err := c.send(ctx, body, token)
	var refused *AuthError
	if !errors.As(err, &refused) || refused.Status != http.StatusUnauthorized {
		return data, err
	}
	renewed, renewErr := c.tokens.Renew(ctx, token)
	switch {
	case errors.Is(renewErr, ErrNotRenewable):
		return nil, err
	case renewErr != nil:
		return nil, renewErr
	}
	return c.send(ctx, body, renewed)
}
