package shopify_test

import (
	"errors"
	"net/url"
	"strconv"
	"testing"
	"time"

	"knitfront/internal/shopify"
)

// Shopify's own example of a forwarded request, with the secret "hush":
// its signature is the one Shopify's page on app proxies shows.
func TestSignProxyMatchesShopifysExample(t *testing.T) {
	query := url.Values{
		"extra": {"1", "2"}, "shop": {"shop-name.myshopify.com"}, "logged_in_customer_id": {"1"},
		"path_prefix": {"/apps/awesome_reviews"}, "timestamp": {"1317327555"},
	}
	const want = "4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb"
	if got := shopify.SignProxy(query, []byte("hush")); got != want {
		t.Errorf("SignProxy = %s, want %s", got, want)
	}
}

func TestVerifyProxy(t *testing.T) {
	secret := []byte("the-client-secret")
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	signed := func(at time.Time, change func(url.Values)) url.Values {
		q := url.Values{
			"shop": {"knit.myshopify.com"}, "logged_in_customer_id": {"7001"}, "path_prefix": {"/apps/knitfront"},
			"timestamp": {formatUnix(at)}, "limit": {"5"},
		}
		q.Set("signature", shopify.SignProxy(q, secret))
		if change != nil {
			change(q)
		}
		return q
	}
	for _, test := range []struct {
		name  string
		query url.Values
		want  shopify.ProxyRequest // zero: refused
	}{
		{"right", signed(now, nil), shopify.ProxyRequest{Shop: "knit.myshopify.com", CustomerID: 7001, PathPrefix: "/apps/knitfront", Timestamp: now}},
		{"right, logged out", func() url.Values {
			q := url.Values{"shop": {"knit.myshopify.com"}, "logged_in_customer_id": {""}, "path_prefix": {"/apps/knitfront"}, "timestamp": {formatUnix(now)}}
			q.Set("signature", shopify.SignProxy(q, secret))
			return q
		}(), shopify.ProxyRequest{Shop: "knit.myshopify.com", PathPrefix: "/apps/knitfront", Timestamp: now}},
		{"right, four minutes old", signed(now.Add(-4*time.Minute), nil), shopify.ProxyRequest{Shop: "knit.myshopify.com", CustomerID: 7001, PathPrefix: "/apps/knitfront", Timestamp: now.Add(-4 * time.Minute)}},
		{"missing", signed(now, func(q url.Values) { q.Del("signature") }), shopify.ProxyRequest{}},
		{"empty", signed(now, func(q url.Values) { q.Set("signature", "") }), shopify.ProxyRequest{}},
		{"twice", signed(now, func(q url.Values) { q.Add("signature", q.Get("signature")) }), shopify.ProxyRequest{}},
		{"wrong", signed(now, func(q url.Values) { q.Set("signature", shopify.SignProxy(q, []byte("another secret"))) }), shopify.ProxyRequest{}},
		{"not hex", signed(now, func(q url.Values) { q.Set("signature", "zz") }), shopify.ProxyRequest{}},
		{"tampered customer", signed(now, func(q url.Values) { q.Set("logged_in_customer_id", "7002") }), shopify.ProxyRequest{}},
		{"tampered shop", signed(now, func(q url.Values) { q.Set("shop", "other.myshopify.com") }), shopify.ProxyRequest{}},
		{"parameter added", signed(now, func(q url.Values) { q.Set("cursor", "x") }), shopify.ProxyRequest{}},
		{"old", signed(now.Add(-beyondWindow), nil), shopify.ProxyRequest{}},
		{"future", signed(now.Add(beyondWindow), nil), shopify.ProxyRequest{}},
		{"signed without a timestamp", func() url.Values {
			q := url.Values{"shop": {"knit.myshopify.com"}}
			q.Set("signature", shopify.SignProxy(q, secret))
			return q
		}(), shopify.ProxyRequest{}},
		{"signed for a shop that is not on myshopify.com", func() url.Values {
			q := url.Values{"shop": {"evil.example"}, "timestamp": {formatUnix(now)}}
			q.Set("signature", shopify.SignProxy(q, secret))
			return q
		}(), shopify.ProxyRequest{}},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, err := shopify.VerifyProxy(test.query, secret, now)
			if test.want == (shopify.ProxyRequest{}) {
				if !errors.Is(err, shopify.ErrProxyUnverified) {
					t.Fatalf("VerifyProxy = %+v, %v; want ErrProxyUnverified", got, err)
				}
				return
			}
			if err != nil || got != test.want {
				t.Fatalf("VerifyProxy = %+v, %v; want %+v", got, err, test.want)
			}
		})
	}
	t.Run("no secret", func(t *testing.T) {
		q := signed(now, nil)
		q.Set("signature", shopify.SignProxy(q, nil))
		if _, err := shopify.VerifyProxy(q, nil, now); !errors.Is(err, shopify.ErrProxyUnverified) {
			t.Fatalf("VerifyProxy with no secret = %v; want ErrProxyUnverified", err)
		}
	})
}

// beyondWindow is just past what VerifyProxy takes, either way.
const beyondWindow = shopify.ProxyWindow + time.Second

func formatUnix(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }
