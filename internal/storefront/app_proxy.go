package storefront

import (
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"knitfront/internal/shopify"
)

// ForwardAppProxy stands in for Shopify's app proxy on the dev storefront:
// a request under prefix (the shop's /apps/knitfront) reaches next as
// Shopify forwards it, its query carrying the shop, no logged-in customer
// (the dev storefront has no accounts), the prefix and the time, signed
// with secret, the shopper's address in X-Forwarded-For and no cookies.
// Whatever proxy parameters the shopper sent are replaced, as Shopify
// writes its own. Every other request reaches next untouched.
func ForwardAppProxy(next http.Handler, prefix string, secret []byte, now func() time.Time) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != prefix && !strings.HasPrefix(r.URL.Path, prefix+"/") {
			next.ServeHTTP(w, r)
			return
		}
		q := r.URL.Query()
		q.Set(shopify.ProxyShopParam, shopDomain)
		q.Set(shopify.ProxyCustomerParam, "")
		q.Set(shopify.ProxyPathPrefixParam, prefix)
		q.Set(shopify.ProxyTimestampParam, strconv.FormatInt(now().Unix(), 10))
		q.Set(shopify.ProxySignatureParam, shopify.SignProxy(q, secret))
		forwarded := r.Clone(r.Context())
		forwarded.URL.RawQuery = q.Encode()
		forwarded.RequestURI = forwarded.URL.RequestURI()
		forwarded.Header.Del("Cookie")
		forwarded.Header.Del("X-Forwarded-For")
		if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
			forwarded.Header.Set("X-Forwarded-For", host)
		}
		next.ServeHTTP(w, forwarded)
	})
}
