package storefront

import (
	"bytes"
	_ "embed"
	"net/http"
)

// What Shopify serves every Liquid storefront, which a theme such as
// Horizon cannot run without, and which offline only the dev storefront can
// give: the standard storefront events module, which the theme's import map
// names at Shopify's CDN, and Shopify.actions.

var (
	//go:embed standin/standard-events.js
	standardEventsModule []byte
	//go:embed standin/actions.js
	storefrontActions string
)

// standardEventsCDN is the module's address on Shopify's CDN, and
// standardEventsPath where the dev storefront serves its stand-in.
const (
	standardEventsCDN  = "https://cdn.shopify.com/storefront/standard-events.js"
	standardEventsPath = "/cdn/storefront/standard-events.js"
)

// offlineAddresses points a page's references to Shopify's CDN modules at
// the dev storefront's stand-ins.
func offlineAddresses(page []byte) []byte {
	return bytes.ReplaceAll(page, []byte(standardEventsCDN), []byte(standardEventsPath))
}

// actionsScript is the script content_for_header carries for
// Shopify.actions.
func actionsScript() string {
	return `<script id="shopify-actions">` + storefrontActions + `</script>`
}

func serveStandardEvents(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(standardEventsModule)
}
