package main

import (
	"net/http"
	"strings"
	"time"

	"knitfront/internal/api"
	"knitfront/internal/storefront"
)

// appProxy is how the API checks what Shopify's app proxy forwards: signed
// with the app's client secret, for the configured shop when it is a
// *.myshopify.com domain; nil, serving no proxy paths, without a secret.
// Under dev, which stands in for the proxy itself (withDevAppProxy), the
// secret is dev's own when none is set, and any shop is taken.
func appProxy(c shopifyConfig, forwardedByDev bool) *api.AppProxy {
	switch {
	case forwardedByDev && c.ClientSecret == "":
		return &api.AppProxy{Secret: []byte(devClientSecret)}
	case forwardedByDev:
		return &api.AppProxy{Secret: []byte(c.ClientSecret)}
	case c.ClientSecret == "":
		return nil
	}
	proxy := &api.AppProxy{Secret: []byte(c.ClientSecret)}
	if !strings.Contains(c.Shop, "://") && strings.HasSuffix(c.Shop, ".myshopify.com") {
		proxy.Shop = c.Shop
	}
	return proxy
}

// withDevAppProxy is dev's server: its storefront's /apps/knitfront/… are
// signed and forwarded to the API as Shopify's app proxy would, so that
// widgets whose API is the proxy (the app embed's default) work offline.
func withDevAppProxy(server http.Handler, proxy *api.AppProxy) http.Handler {
	return storefront.ForwardAppProxy(server, api.AppProxyPath, proxy.Secret, time.Now)
}
