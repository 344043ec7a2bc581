package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"knitfront/internal/api"
	"knitfront/internal/reviews"
	"knitfront/internal/shopify"
)

const (
	proxySecret = "the-app-client-secret"
	proxyShop   = "knit.myshopify.com"
)

// proxyServer is the review server behind Shopify's app proxy, whose
// signatures are checked on the review server's clock.
func newProxyServer(t *testing.T, rate reviews.Rate, configure ...func(*api.Config)) *reviewServer {
	t.Helper()
	var s *reviewServer
	proxy := func(cfg *api.Config) {
		cfg.AppProxy = &api.AppProxy{Secret: []byte(proxySecret), Shop: proxyShop,
			Now: func() time.Time { return s.clock.Now() }}
	}
	s = newReviewServer(t, rate, false, append([]func(*api.Config){proxy}, configure...)...)
	return s
}

// proxied is path and query as Shopify's app proxy forwards them at the
// given time, for the logged-in customer (0: logged out), signed with
// secret; change, when set, alters the query after signing.
func proxied(path string, query url.Values, at time.Time, customer int64, secret string, change func(url.Values)) string {
	q := url.Values{}
	for k, v := range query {
		q[k] = v
	}
	q.Set(shopify.ProxyShopParam, proxyShop)
	q.Set(shopify.ProxyCustomerParam, "")
	if customer != 0 {
		q.Set(shopify.ProxyCustomerParam, strconv.FormatInt(customer, 10))
	}
	q.Set(shopify.ProxyPathPrefixParam, api.AppProxyPath)
	q.Set(shopify.ProxyTimestampParam, strconv.FormatInt(at.Unix(), 10))
	q.Set(shopify.ProxySignatureParam, shopify.SignProxy(q, []byte(secret)))
	if change != nil {
		change(q)
	}
	return api.AppProxyPath + path + "?" + q.Encode()
}

func (s *reviewServer) postProxied(t *testing.T, target, payload string, headers ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(payload))
	return s.do(t, req, append([]string{"Content-Type: application/json"}, headers...)...)
}

func TestAppProxyRefusesWhatShopifyDidNotSign(t *testing.T) {
	s := newProxyServer(t, generous)
	now := s.clock.Now()
	for _, test := range []struct {
		name       string
		target     string
		wantStatus int
		wantCode   string
	}{
		{"missing", api.AppProxyPath + "/api/knitters/1/reviews?shop=" + proxyShop, http.StatusUnauthorized, "bad_proxy_signature"},
		{"wrong secret", proxied("/api/knitters/1/reviews", nil, now, 0, "another-secret", nil), http.StatusUnauthorized, "bad_proxy_signature"},
		{"tampered customer", proxied("/api/knitters/1/reviews", nil, now, 7001, proxySecret,
			func(q url.Values) { q.Set(shopify.ProxyCustomerParam, "7002") }), http.StatusUnauthorized, "bad_proxy_signature"},
		{"tampered shop", proxied("/api/knitters/1/reviews", nil, now, 0, proxySecret,
			func(q url.Values) { q.Set(shopify.ProxyShopParam, "other.myshopify.com") }), http.StatusUnauthorized, "bad_proxy_signature"},
		{"old", proxied("/api/knitters/1/reviews", nil, now.Add(-6*time.Minute), 0, proxySecret, nil), http.StatusUnauthorized, "bad_proxy_signature"},
		{"future", proxied("/api/knitters/1/reviews", nil, now.Add(6*time.Minute), 0, proxySecret, nil), http.StatusUnauthorized, "bad_proxy_signature"},
		{"unknown knitter, unsigned", api.AppProxyPath + "/api/knitters/999/reviews", http.StatusUnauthorized, "bad_proxy_signature"},
		{"another shop, signed", func() string {
			q := url.Values{shopify.ProxyShopParam: {"other.myshopify.com"}, shopify.ProxyTimestampParam: {strconv.FormatInt(now.Unix(), 10)}}
			q.Set(shopify.ProxySignatureParam, shopify.SignProxy(q, []byte(proxySecret)))
			return api.AppProxyPath + "/api/knitters/1/reviews?" + q.Encode()
		}(), http.StatusForbidden, "other_shop"},
	} {
		t.Run(test.name, func(t *testing.T) {
			resp := s.postProxied(t, test.target, review("Lovely cables.", "Ona"))
			if code := errorCode(t, resp); resp.StatusCode != test.wantStatus || code != test.wantCode {
				t.Errorf("POST = %d %s; want %d %s", resp.StatusCode, code, test.wantStatus, test.wantCode)
			}
			read := s.get(t, strings.Replace(test.target, "/999/", "/1/", 1))
			if code := errorCode(t, read); read.StatusCode != test.wantStatus || code != test.wantCode {
				t.Errorf("GET = %d %s; want %d %s", read.StatusCode, code, test.wantStatus, test.wantCode)
			}
		})
	}
	if n := s.stored(t); n != 0 {
		t.Errorf("%d reviews stored from requests Shopify did not sign; want none", n)
	}
}

func TestAReviewPostedThroughTheAppProxyKeepsTheShopAndCustomer(t *testing.T) {
	s := newProxyServer(t, generous)
	now := s.clock.Now()
	for _, test := range []struct {
		name     string
		customer int64
	}{{"logged in", 7001}, {"logged out", 0}} {
		t.Run(test.name, func(t *testing.T) {
			// No Origin header, and none is needed: the page is the shop's own.
			resp := s.postProxied(t, proxied("/api/knitters/1/reviews", nil, now, test.customer, proxySecret, nil),
				review("Warm socks, "+test.name+".", "Ona"))
			if resp.StatusCode != http.StatusCreated {
				t.Fatalf("POST = %d %s; want 201", resp.StatusCode, body(t, resp))
			}
			if got := resp.Header.Get("Access-Control-Allow-Origin"); got != "" {
				t.Errorf("Access-Control-Allow-Origin %q on the shop's own domain; want none", got)
			}
			posted := decode[reviewJSON](t, resp)
			stored, err := s.db.Reviews(context.Background(), reviews.Filter{KnitterID: 1}, nil, 100)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range stored {
				if r.ID == posted.ID {
					if r.ShopDomain != proxyShop || r.CustomerID != test.customer {
						t.Errorf("stored shop %q, customer %d; want %q, %d", r.ShopDomain, r.CustomerID, proxyShop, test.customer)
					}
					return
				}
			}
			t.Fatalf("review %d not stored", posted.ID)
		})
	}
	t.Run("listed through the proxy as through /api", func(t *testing.T) {
		got := body(t, s.get(t, proxied("/api/knitters/1/reviews", url.Values{"limit": {"5"}}, now, 0, proxySecret, nil)))
		if want := body(t, s.get(t, "/api/knitters/1/reviews?limit=5")); got != want {
			t.Errorf("through the proxy: %s\nthrough /api: %s", got, want)
		}
	})
	t.Run("an unknown path under the proxy", func(t *testing.T) {
		resp := s.get(t, proxied("/api/nothing", nil, now, 0, proxySecret, nil))
		if code := errorCode(t, resp); resp.StatusCode != http.StatusNotFound || code != "not_found" {
			t.Errorf("GET = %d %s; want 404 not_found", resp.StatusCode, code)
		}
	})
}

// The shopper is who Shopify's signed request names in X-Forwarded-For,
// past knitfront's own trusted proxies; what a shopper wrote into the
// header before Shopify is not believed, and neither is the header on a
// request to /api.
func TestTheAppProxysShopperIsWhomShopifyNames(t *testing.T) {
	s := newProxyServer(t, reviews.Rate{Posts: 1, Per: time.Minute}, func(cfg *api.Config) {
		cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	})
	n := 0
	postVia := func(peer, forwardedFor string) int {
		n++
		req := httptest.NewRequest(http.MethodPost, proxied("/api/knitters/1/reviews", nil, s.clock.Now(), 0, proxySecret, nil),
			strings.NewReader(review(fmt.Sprint("Review ", n), "Ona")))
		req.RemoteAddr = peer
		headers := []string{"Content-Type: application/json"}
		if forwardedFor != "" {
			headers = append(headers, "X-Forwarded-For: "+forwardedFor)
		}
		return s.do(t, req, headers...).StatusCode
	}
	const shopify1, shopify2 = "23.227.38.1:443", "23.227.38.2:443"
	for _, test := range []struct {
		name, peer, forwardedFor string
		want                     int
	}{
		{"a shopper, straight from Shopify", shopify1, "198.51.100.1", http.StatusCreated},
		{"the same shopper through another Shopify server", shopify2, "198.51.100.1", http.StatusTooManyRequests},
		{"the same shopper naming someone else first", shopify1, "192.0.2.77, 198.51.100.1", http.StatusTooManyRequests},
		{"another shopper", shopify1, "198.51.100.2", http.StatusCreated},
		{"a shopper behind knitfront's load balancer", "10.0.0.5:80", "198.51.100.3, 23.227.38.1", http.StatusCreated},
		{"the same, through another load balancer hop", "10.0.0.6:80", "198.51.100.3, 23.227.38.2, 10.0.0.9", http.StatusTooManyRequests},
	} {
		if got := postVia(test.peer, test.forwardedFor); got != test.want {
			t.Errorf("%s: %d, want %d", test.name, got, test.want)
		}
	}
}
