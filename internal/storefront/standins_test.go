package storefront

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A theme's import map that names Shopify's standard events module on the
// CDN gets the dev storefront's stand-in, which serves the events a theme
// imports; every page's header carries Shopify.actions.
func TestStandIns(t *testing.T) {
	importMap := `{"imports": {"@shopify/events": "https://cdn.shopify.com/storefront/standard-events.js"}}`
	if got := string(offlineAddresses([]byte(importMap))); got != `{"imports": {"@shopify/events": "/cdn/storefront/standard-events.js"}}` {
		t.Errorf("got %s", got)
	}
	rec := httptest.NewRecorder()
	serveStandardEvents(rec, httptest.NewRequest(http.MethodGet, standardEventsPath, nil))
	if rec.Header().Get("Content-Type") != "text/javascript; charset=utf-8" {
		t.Errorf("Content-Type %s", rec.Header().Get("Content-Type"))
	}
	// What Horizon 4.1.3 imports from the module.
	for _, name := range []string{"StandardEvents", "PageViewEvent", "ProductSelectEvent", "CartLinesUpdateEvent", "CartNoteUpdateEvent",
		"CartDiscountUpdateEvent", "CartErrorEvent", "CollectionUpdateEvent", "SearchUpdateEvent", "createViewEventElement"} {
		if !strings.Contains(rec.Body.String(), "export const "+name+" ") && !strings.Contains(rec.Body.String(), "export function "+name+"(") {
			t.Errorf("the module does not export %s", name)
		}
	}
	for _, action := range []string{"getCart:", "updateCart:", "openCart:", "configure"} {
		if !strings.Contains(actionsScript(), action) {
			t.Errorf("Shopify.actions lacks %s", action)
		}
	}
}
