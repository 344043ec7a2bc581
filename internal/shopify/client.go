// Package shopify reads a shop's catalogue from Shopify's Admin GraphQL API:
// a client that keeps within Shopify's cost-based rate limit, and a full sync
// that turns products, market prices, pre-order plans and automatic
// discounts into the catalogue document knitfront imports.
package shopify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/Khan/genqlient/graphql"
)

// GraphQLPath is where a shop serves the Admin GraphQL API.
const GraphQLPath = "/admin/api/" + APIVersion + "/graphql.json"

const (
	// maxAttempts bounds the tries of one request through throttling, 429s
	// and server errors.
	maxAttempts = 6
	// firstBackoff is the wait after the first failure; each retry doubles
	// it, with jitter, up to maxBackoff.
	firstBackoff = 500 * time.Millisecond
	maxBackoff   = 30 * time.Second
	// maxAnswerBytes bounds one GraphQL answer; bulk results are downloaded
	// apart, as a stream.
	maxAnswerBytes = 16 << 20
)

// ShopURL turns the configured shop, a *.myshopify.com domain or a base URL
// (for tests and the offline stand-in), into the shop's base URL.
func ShopURL(shop string) (*url.URL, error) {
	shop = strings.TrimRight(strings.TrimSpace(shop), "/")
	if shop == "" {
		return nil, errors.New("no shop is set")
	}
	if !strings.Contains(shop, "://") {
		if !strings.HasSuffix(shop, ".myshopify.com") || strings.ContainsAny(shop, "/ ") {
			return nil, fmt.Errorf("%q is neither a *.myshopify.com domain nor a base URL such as http://127.0.0.1:8081", shop)
		}
		shop = "https://" + shop
	}
	u, err := url.Parse(shop)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Path != "" || u.RawQuery != "" {
		return nil, fmt.Errorf("%q is neither a *.myshopify.com domain nor a base URL such as http://127.0.0.1:8081", shop)
	}
	return u, nil
}

// Client sends Admin GraphQL operations to one shop.
type Client struct {
	endpoint string
	tokens   TokenSource
	http     *http.Client
	// wait sleeps for d or until ctx ends; tests replace it with a fake clock.
	wait func(ctx context.Context, d time.Duration) error
	now  func() time.Time
	// jitter picks a wait in [0, d]; tests make it fixed.
	jitter func(d time.Duration) time.Duration

	mu sync.Mutex
	// bucket is the rate limit's state as Shopify last reported it.
	bucket bucket

	// metafields is the client's one metafield writer, made on first use:
	// it remembers what it wrote, so every sync through the client writes
	// only what changed.
	metafieldsOnce sync.Once
	metafields     *MetafieldWriter

	versions *VersionWatch // processVersions unless WithVersionWatch
}

// bucket is Shopify's leaky bucket of query cost points for this app and shop.
type bucket struct {
	known                   bool
	available, max, restore float64
	at                      time.Time
}

// availableAt is what the bucket holds at t, restored since it was reported.
func (b bucket) availableAt(t time.Time) float64 {
	return min(b.max, b.available+t.Sub(b.at).Seconds()*b.restore)
}

// Option changes a Client from its defaults.
type Option func(*Client)

// WithHTTPClient sends requests through c.
func WithHTTPClient(c *http.Client) Option { return func(cl *Client) { cl.http = c } }

// WithClock makes the client read time from now and wait through wait.
func WithClock(now func() time.Time, wait func(context.Context, time.Duration) error) Option {
	return func(c *Client) { c.now, c.wait = now, wait }
}

// WithoutJitter makes every backoff its full length, for tests.
func WithoutJitter() Option {
	return func(c *Client) { c.jitter = func(d time.Duration) time.Duration { return d } }
}

// NewClient returns a client of the shop's Admin API (shop as ShopURL
// takes it) that authenticates with the access tokens tokens gives.
func NewClient(shop string, tokens TokenSource, opts ...Option) (*Client, error) {
	u, err := ShopURL(shop)
	if err != nil {
		return nil, err
	}
	if tokens == nil || tokens == StaticToken("") {
		return nil, &AuthError{Reason: "no Admin API access token is set"}
	}
	c := &Client{
		endpoint: u.String() + GraphQLPath,
		tokens:   tokens,
		http:     &http.Client{Timeout: 60 * time.Second},
		wait:     sleep,
		now:      time.Now,
		jitter:   fullJitter,
		versions: processVersions,
	}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// fullJitter picks a wait in [0, d], so that retries spread out.
func fullJitter(d time.Duration) time.Duration { return time.Duration(rand.Int64N(int64(d) + 1)) }

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// AuthError is Shopify refusing the token: missing, wrong, revoked, or
// without a scope an operation needs.
type AuthError struct {
	// Status is the HTTP status, 0 when the refusal came inside a GraphQL answer.
	Status int
	// Scopes names the access scopes that are missing, when known.
	Scopes []string
	Reason string
}

func (e *AuthError) Error() string {
	msg := e.Reason
	if len(e.Scopes) > 0 {
		msg += "; the app needs the Admin API access scopes " + strings.Join(e.Scopes, ", ")
	}
	return msg
}

// GraphQLError is an error Shopify answered in a GraphQL response.
type GraphQLError struct {
	Message    string `json:"message"`
	Extensions struct {
		Code string `json:"code"`
	} `json:"extensions"`
}

func (e GraphQLError) Error() string {
	if e.Extensions.Code != "" {
		return e.Extensions.Code + ": " + e.Message
	}
	return e.Message
}

// Cost is what Shopify reports of a query's cost and the bucket after it.
type Cost struct {
	RequestedQueryCost float64 `json:"requestedQueryCost"`
	ActualQueryCost    float64 `json:"actualQueryCost"`
	ThrottleStatus     struct {
		MaximumAvailable   float64 `json:"maximumAvailable"`
		CurrentlyAvailable float64 `json:"currentlyAvailable"`
		RestoreRate        float64 `json:"restoreRate"`
	} `json:"throttleStatus"`
}

type request struct {
	Query         string `json:"query"`
	OperationName string `json:"operationName"`
	Variables     any    `json:"variables,omitempty"`
}

type answer struct {
	Data       json.RawMessage `json:"data"`
	Errors     []GraphQLError  `json:"errors"`
	Extensions struct {
		Cost *Cost `json:"cost"`
	} `json:"extensions"`
}

// retryable is a failure worth another try after a wait.
type retryable struct {
	err error
	// after is how long the server asked to wait; 0 means back off.
	after time.Duration
}

func (r *retryable) Error() string { return r.err.Error() }
func (r *retryable) Unwrap() error { return r.err }

// Do sends one operation and decodes its data into out. It waits first when
// the last known bucket cannot pay for the operation's expected cost, and
// retries throttling, HTTP 429 and 5xx answers with backoff a bounded number
// of times. A refused token is an *AuthError; a cancelled ctx stops it.
func (c *Client) Do(ctx context.Context, op Operation, vars any, out any) error {
	body, err := json.Marshal(request{Query: op.Query, OperationName: op.Name, Variables: vars})
	if err != nil {
		return err
	}
	var last error
	for attempt := range maxAttempts {
		if err := c.waitForBudget(ctx, op.ExpectedCost); err != nil {
			return err
		}
		data, err := c.authorizedSend(ctx, body)
		if err == nil {
			if out == nil {
				return nil
			}
			if err := json.Unmarshal(data, out); err != nil {
				return fmt.Errorf("%s: decoding the answer: %w", op.Name, err)
			}
			return nil
		}
		var again *retryable
		if !errors.As(err, &again) {
			return fmt.Errorf("%s: %w", op.Name, err)
		}
		last = again.err
		wait := again.after
		if wait == 0 {
			wait = c.jitter(min(maxBackoff, firstBackoff<<attempt))
		}
		if attempt == maxAttempts-1 {
			break
		}
		if err := c.wait(ctx, wait); err != nil {
			return err
		}
	}
	return fmt.Errorf("%s: gave up after %d tries: %w", op.Name, maxAttempts, last)
}

// MakeRequest sends an operation of the typed client genqlient generated
// (generated.go) through Do, at the cost its Operation expects, so that it
// waits for the bucket and retries as every operation does: it makes a
// *Client the graphql.Client the generated functions take.
func (c *Client) MakeRequest(ctx context.Context, req *graphql.Request, resp *graphql.Response) error {
	op := Operation{Name: req.OpName, Query: req.Query, ExpectedCost: expectedCost(req.OpName)}
	return c.Do(ctx, op, req.Variables, resp.Data)
}

// waitForBudget waits until the bucket, as last reported and restored since,
// holds cost points.
func (c *Client) waitForBudget(ctx context.Context, cost float64) error {
	c.mu.Lock()
	b := c.bucket
	c.mu.Unlock()
	if !b.known || b.restore <= 0 {
		return nil
	}
	cost = min(cost, b.max)
	missing := cost - b.availableAt(c.now())
	if missing <= 0 {
		return nil
	}
	return c.wait(ctx, time.Duration(math.Ceil(missing/b.restore*1000))*time.Millisecond)
}

func (c *Client) send(ctx context.Context, body []byte, token string) (json.RawMessage, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Shopify-Access-Token", token)
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &retryable{err: err}
	}
	defer resp.Body.Close()
	c.versions.Observe(APIVersion, resp.Header.Get("X-Shopify-API-Version"))
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes))
	if err != nil {
		return nil, &retryable{err: err}
	}
	switch {
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		return nil, &AuthError{Status: resp.StatusCode, Reason: fmt.Sprintf("Shopify refused the Admin API access token (HTTP %d): it is wrong, revoked, or its app was uninstalled", resp.StatusCode)}
	case resp.StatusCode == http.StatusTooManyRequests:
		return nil, &retryable{err: errors.New("HTTP 429 Too Many Requests"), after: retryAfter(resp.Header.Get("Retry-After"))}
	case resp.StatusCode >= 500:
		return nil, &retryable{err: fmt.Errorf("HTTP %d", resp.StatusCode)}
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("HTTP %d: %.200s", resp.StatusCode, raw)
	}
	var a answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("the answer is not GraphQL JSON: %w", err)
	}
	if a.Extensions.Cost != nil {
		c.observe(*a.Extensions.Cost)
	}
	return a.Data, c.answerError(a)
}

// observe records the bucket Shopify reported.
func (c *Client) observe(cost Cost) {
	s := cost.ThrottleStatus
	c.mu.Lock()
	defer c.mu.Unlock()
	c.bucket = bucket{known: true, available: s.CurrentlyAvailable, max: s.MaximumAvailable, restore: s.RestoreRate, at: c.now()}
}

// answerError turns the errors of a GraphQL answer into the error Do
// returns: throttling is retried once the bucket holds the query's cost,
// access denial is an *AuthError, anything else fails the operation.
func (c *Client) answerError(a answer) error {
	if len(a.Errors) == 0 {
		return nil
	}
	var denied AuthError
	for _, e := range a.Errors {
		switch e.Extensions.Code {
		case "THROTTLED":
			return &retryable{err: e, after: c.throttledWait(a.Extensions.Cost)}
		case "ACCESS_DENIED":
			denied.Reason = "Shopify denied the Admin API access token: " + e.Message
		}
	}
	if denied.Reason != "" {
		return &denied
	}
	return errors.Join(errorList(a.Errors)...)
}

func errorList(list []GraphQLError) []error {
	out := make([]error, len(list))
	for i, e := range list {
		out[i] = e
	}
	return out
}

// throttledWait is how long until the bucket holds the query's requested
// cost again; 0 (back off) when Shopify did not say.
func (c *Client) throttledWait(cost *Cost) time.Duration {
	if cost == nil || cost.ThrottleStatus.RestoreRate <= 0 {
		return 0
	}
	missing := cost.RequestedQueryCost - cost.ThrottleStatus.CurrentlyAvailable
	if missing <= 0 {
		return 0
	}
	return time.Duration(math.Ceil(missing/cost.ThrottleStatus.RestoreRate*1000)) * time.Millisecond
}

// retryAfter reads a Retry-After header in seconds; 0 when absent or not
// seconds, which means back off.
func retryAfter(h string) time.Duration {
	s, err := strconv.ParseFloat(strings.TrimSpace(h), 64)
	if err != nil || s <= 0 {
		return 0
	}
	return min(maxBackoff, time.Duration(s*float64(time.Second)))
}
