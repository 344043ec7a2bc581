package shopify

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The query parameters Shopify's app proxy adds to every request it
// forwards from https://{shop}/apps/knitfront/… to knitfront.
const (
	ProxyShopParam       = "shop"
	ProxyCustomerParam   = "logged_in_customer_id"
	ProxyPathPrefixParam = "path_prefix"
	ProxyTimestampParam  = "timestamp"
	ProxySignatureParam  = "signature"
)

// ProxyWindow is how far a proxied request's timestamp may be from now, in
// the past or the future: long enough for clocks that drift, short enough
// that a captured request cannot be sent again for long.
const ProxyWindow = 5 * time.Minute

// ErrProxyUnverified is the cause of every refused app proxy request;
// errors.Is finds it in what VerifyProxy returns.
var ErrProxyUnverified = errors.New("the app proxy request is not verified")

// ProxyRequest is what a verified app proxy request says of itself.
type ProxyRequest struct {
	// Shop is the *.myshopify.com domain of the shop whose page sent it.
	Shop string
	// CustomerID is the logged-in customer's id; 0 when the shopper is not
	// logged in.
	CustomerID int64
	// PathPrefix is the path on the shop the request was sent to, such as
	// /apps/knitfront.
	PathPrefix string
	// Timestamp is when Shopify forwarded it.
	Timestamp time.Time
}

// VerifyProxy checks that query is one Shopify's app proxy signed with
// secret, the app's client secret, within ProxyWindow of now, and returns
// what it says. Nothing in a proxied request is believed before this.
func VerifyProxy(query url.Values, secret []byte, now time.Time) (ProxyRequest, error) {
	given := query.Get(ProxySignatureParam)
	if given == "" || len(query[ProxySignatureParam]) != 1 {
		return ProxyRequest{}, unverified("no signature")
	}
	got, err := hex.DecodeString(given)
	if err != nil || len(secret) == 0 || !hmac.Equal(got, proxyMAC(query, secret)) {
		return ProxyRequest{}, unverified("the signature does not match")
	}
	seconds, err := strconv.ParseInt(query.Get(ProxyTimestampParam), 10, 64)
	if err != nil {
		return ProxyRequest{}, unverified("the timestamp is not Unix seconds")
	}
	stamp := time.Unix(seconds, 0)
	if skew := now.Sub(stamp); skew > ProxyWindow || skew < -ProxyWindow {
		return ProxyRequest{}, unverified(fmt.Sprintf("the timestamp is %v from now, beyond %v", skew.Round(time.Second), ProxyWindow))
	}
	shop := query.Get(ProxyShopParam)
	if !strings.HasSuffix(shop, ".myshopify.com") || strings.ContainsAny(shop, "/: ") {
		return ProxyRequest{}, unverified("the shop is not a *.myshopify.com domain")
	}
	req := ProxyRequest{Shop: shop, PathPrefix: query.Get(ProxyPathPrefixParam), Timestamp: stamp.UTC()}
	if id := query.Get(ProxyCustomerParam); id != "" {
		if req.CustomerID, err = strconv.ParseInt(id, 10, 64); err != nil || req.CustomerID <= 0 {
			return ProxyRequest{}, unverified("the logged-in customer id is not a positive number")
		}
	}
	return req, nil
}

func unverified(reason string) error {
	return fmt.Errorf("%w: %s", ErrProxyUnverified, reason)
}

// SignProxy is the signature Shopify's app proxy sends with query: what
// knitfront dev adds as Shopify would, and what tests sign with.
func SignProxy(query url.Values, secret []byte) string {
	return hex.EncodeToString(proxyMAC(query, secret))
}

// proxyMAC is Shopify's app proxy rule: every parameter but the signature
// written key=value (a repeated key's values joined by commas), sorted,
// concatenated with no separator, and HMAC-SHA256'd with the secret.
func proxyMAC(query url.Values, secret []byte) []byte {
	pairs := make([]string, 0, len(query))
	for key, values := range query {
		if key != ProxySignatureParam {
			pairs = append(pairs, key+"="+strings.Join(values, ","))
		}
	}
	slices.Sort(pairs)
	mac := hmac.New(sha256.New, secret)
	for _, p := range pairs {
		mac.Write([]byte(p))
	}
	return mac.Sum(nil)
}
