package api

import (
	"context"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"knitfront/internal/errs"
	"knitfront/internal/shopify"
)

// AppProxyPath is where Shopify's app proxy forwards
// https://{shop}/apps/knitfront/… to: the app's [app_proxy] url ends in it,
// so a path on knitfront is the path the widgets ask of the shop.
const AppProxyPath = "/apps/knitfront"

// AppProxy verifies the requests Shopify's app proxy forwards.
type AppProxy struct {
	// Secret is the app's client secret, which signs them.
	Secret []byte
	// Shop, when set, is the one *.myshopify.com shop whose requests are
	// taken; a request signed for another is refused.
	Shop string
	// Now is the clock the signature's timestamp is checked against; nil
	// is time.Now.
	Now func() time.Time
}

var (
	errProxyUnverified = errs.New(errs.Unauthorized, "bad_proxy_signature",
		"This address answers only requests Shopify's app proxy forwards from the shop's own pages.")
	errProxyOtherShop = errs.New(errs.Forbidden, "other_shop",
		"This knitfront serves another shop.")
)

type proxiedKey struct{}

// withAppProxy lets a request through only when Shopify's app proxy signed
// it, within its time window, for the configured shop: before any other
// check, so that nothing of an unverified request is read or stored. The
// verified request's shop and customer travel in its context.
func (s *Server) withAppProxy(next http.Handler) http.Handler {
	now := s.cfg.AppProxy.Now
	if now == nil {
		now = time.Now
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxied, err := shopify.VerifyProxy(r.URL.Query(), s.cfg.AppProxy.Secret, now())
		if err != nil {
			s.log.WarnContext(r.Context(), "app proxy request refused", "request_id", requestIDOf(w), "path", r.URL.Path, "err", err)
			writeError(w, r, s.log, errProxyUnverified)
			return
		}
		if s.cfg.AppProxy.Shop != "" && !strings.EqualFold(proxied.Shop, s.cfg.AppProxy.Shop) {
			s.log.WarnContext(r.Context(), "app proxy request of another shop refused", "request_id", requestIDOf(w), "shop", proxied.Shop)
			writeError(w, r, s.log, errProxyOtherShop)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), proxiedKey{}, proxied)))
	})
}

// proxiedRequest is what Shopify's app proxy signed of r; false when r did
// not come through it.
func proxiedRequest(r *http.Request) (shopify.ProxyRequest, bool) {
	proxied, ok := r.Context().Value(proxiedKey{}).(shopify.ProxyRequest)
	return proxied, ok
}

// proxyClientAddr is the shopper behind a verified app proxy request.
// Shopify names the shopper in X-Forwarded-For; the entries to its right
// are the trusted proxies in front of knitfront, the first one that is not
// (or the peer, with none) is Shopify itself, whose signature vouches for
// the entry it wrote just before its own. With no such entry the client is
// Shopify's address, as good as nothing for a rate limit but no lie.
func (s *Server) proxyClientAddr(r *http.Request) netip.Addr {
	shopify, left := s.pastTrustedProxies(r)
	if len(left) == 0 {
		return shopify
	}
	if shopper, ok := parseHop(left[len(left)-1]); ok {
		return shopper.Unmap().WithZone("")
	}
	return shopify
}
