package storefront

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"knitfront/internal/money"
)

// The {% stylesheet %} and {% javascript %} of every file, however many
// times a page renders it, are one stylesheet and one script, which
// content_for_header links and the storefront serves; their text is not
// Liquid.
func TestCompiledAssets(t *testing.T) {
	files := map[string]string{
		"layout/theme.liquid":   `<head>{{ content_for_header }}</head>{{ content_for_layout }}`,
		"sections/main.liquid":  `{% for i in (1..3) %}{% render 'card' %}{% endfor %}`,
		"snippets/card.liquid":  "card{% stylesheet %}.card { content: '{{ x }}'; }{% endstylesheet %}{% javascript %}customElements.define('x-card', class extends HTMLElement {});{% endjavascript %}",
		"snippets/plain.liquid": `no assets`,
		"templates/page.json":   `{"sections": {"main": {"type": "main"}}, "order": ["main"]}`,
	}
	theme := loadTestTheme(t, files)
	var b bytes.Buffer
	if err := theme.RenderPage(&b, Page{Template: "page", Currency: money.EUR, Objects: map[string]any{}, PageNumber: 1, URL: &url.URL{Path: "/"}}); err != nil {
		t.Fatal(err)
	}
	wantPage := `<head><link href="/compiled_assets/styles.css" rel="stylesheet" type="text/css" media="all"><script src="/compiled_assets/scripts.js" defer="defer"></script></head>` +
		`<div id="shopify-section-template--page__main" class="shopify-section">cardcardcard</div>`
	if b.String() != wantPage {
		t.Errorf("got  %s\nwant %s", b.String(), wantPage)
	}
	for _, test := range []struct{ path, contentType, want string }{
		{compiledStylesPath, "text/css; charset=utf-8", "/* snippets/card.liquid */\n.card { content: '{{ x }}'; }\n"},
		{compiledScriptsPath, "text/javascript; charset=utf-8", "/* snippets/card.liquid */\ncustomElements.define('x-card', class extends HTMLElement {});\n"},
	} {
		rec := httptest.NewRecorder()
		if !theme.ServeCompiledAssets(rec, httptest.NewRequest(http.MethodGet, test.path, nil)) {
			t.Fatalf("%s not served", test.path)
		}
		if got := rec.Body.String(); got != test.want || rec.Header().Get("Content-Type") != test.contentType {
			t.Errorf("%s: %q (%s), want %q", test.path, got, rec.Header().Get("Content-Type"), test.want)
		}
	}
	if theme.ServeCompiledAssets(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/compiled_assets/other.css", nil)) {
		t.Error("another address was served")
	}
	// A theme without any has no links.
	bare := loadTestTheme(t, map[string]string{"layout/theme.liquid": `{{ content_for_header }}|`, "sections/main.liquid": "x", "templates/page.json": `{"sections": {"main": {"type": "main"}}, "order": ["main"]}`})
	b.Reset()
	if err := bare.RenderPage(&b, Page{Template: "page", Currency: money.EUR, Objects: map[string]any{}, PageNumber: 1, URL: &url.URL{Path: "/"}}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "|") {
		t.Errorf("got %s", b.String())
	}
}
