package storefront

import (
	"bytes"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"knitfront/internal/money"
)

// testTheme is a small theme that uses each tag and filter the storefront
// implements.
func testTheme(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{
		"layout/theme.liquid":         {Data: []byte(`<html>{{ content_for_layout }}</html>`)},
		"config/settings_schema.json": {Data: []byte(`[{"name": "theme_info"}, {"settings": [{"type": "text", "id": "greeting", "default": "Labas"}, {"type": "collection", "id": "featured"}]}]`)},
		"config/settings_data.json":   {Data: []byte(`{"current": {"featured": "hats"}}`)},
		"locales/en.default.json": {Data: []byte(`{"cart": {"count": {"one": "{{ count }} item", "other": "{{ count }} items"},
			"hello": "Hello, {{ name }}!", "title": "Your cart"}}`)},
	}
	for name, source := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(source)}
	}
	return fsys
}

func loadTestTheme(t *testing.T, files map[string]string) *Theme {
	t.Helper()
	theme, err := LoadTheme(testTheme(files), func(name string) string { return "/assets/" + name + "?v=1" })
	if err != nil {
		t.Fatal(err)
	}
	return theme
}

// renderTestPage renders the template "page" of a theme whose one section,
// main, has the given source.
func renderTestPage(t *testing.T, files map[string]string, currency money.Currency, objects map[string]any) string {
	t.Helper()
	if _, ok := files["templates/page.json"]; !ok {
		files["templates/page.json"] = `{"sections": {"main": {"type": "main"}}, "order": ["main"]}`
	}
	theme := loadTestTheme(t, files)
	if objects == nil {
		objects = map[string]any{}
	}
	var b bytes.Buffer
	err := theme.RenderPage(&b, Page{Template: "page", Currency: currency, Objects: objects, PageNumber: 1, URL: &url.URL{Path: "/x"}})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestTagsAndFilters(t *testing.T) {
	for _, test := range []struct {
		name     string
		main     string
		snippets map[string]string
		objects  map[string]any
		want     string
	}{
		{name: "RenderSeesItsParametersAndTheGlobalsOnly",
			main:     `{% assign secret = 'caller' %}{% render 'greet', name: 'Rūta' | upcase %}`,
			snippets: map[string]string{"snippets/greet.liquid": `[{{ name }}|{{ secret }}|{{ shop.name }}]`},
			objects:  map[string]any{"shop": &shopObject{Name: "Knitfront"}},
			want:     `[RŪTA||Knitfront]`},
		{name: "ProductForm",
			main: `{% form 'product', product, id: 'f', data-type: 'add-to-cart-form' %}<button>Add</button>{% endform %}`,
			want: `<form method="post" action="/cart/add" id="f" data-type="add-to-cart-form" accept-charset="UTF-8" enctype="multipart/form-data">` +
				`<input type="hidden" name="form_type" value="product" /><input type="hidden" name="utf8" value="✓" /><button>Add</button></form>`},
		{name: "LocalizationForm",
			main:    `{% form 'localization' %}{% endform %}`,
			objects: map[string]any{"request": &requestObject{Path: "/products/a?b"}},
			want: `<form method="post" action="/localization" accept-charset="UTF-8" class="shopify-localization-form" enctype="multipart/form-data">` +
				`<input type="hidden" name="form_type" value="localization" /><input type="hidden" name="utf8" value="✓" />` +
				`<input type="hidden" name="_method" value="put" /><input type="hidden" name="return_to" value="/products/a?b" /></form>`},
		{name: "Style", main: `{% style %}.a { color: {{ 'red' }}; }{% endstyle %}`, want: `<style data-shopify>.a { color: red; }</style>`},
		{name: "SchemaAndDocRenderNothing", main: `a{% doc %}@param x{% enddoc %}b`, want: `ab`},
		// They go into the page's bundles (TestCompiledAssets).
		{name: "JavascriptAndStylesheetPrintNothing", main: `a{% javascript %}go(){% endjavascript %}{% stylesheet %}.b{}{% endstylesheet %}b`,
			want: `ab`},
		{name: "Paginate",
			main: `{% paginate collection.products by 2 %}{% for p in collection.products %}{{ p.title }} {% endfor %}` +
				`{{ paginate.pages }} {{ paginate.next.url }}{% endpaginate %}`,
			objects: map[string]any{"collection": &collectionObject{Products: []*productObject{{Title: "a"}, {Title: "b"}, {Title: "c"}}}},
			want:    `a b 2 /x?page=2`},
		{name: "Translations",
			main: `{{ 'cart.count' | t: count: 1 }}; {{ 'cart.count' | t: count: 3 }}; {{ 'cart.hello' | t: name: '<b>' }}; {{ 'cart.nope' | t }}`,
			want: `1 item; 3 items; Hello, &lt;b&gt;!; translation missing: en.cart.nope`},
		{name: "Money", main: `{{ 8900 | money }} {{ 123456 | money_with_currency }} {{ 8950 | money_without_currency }} {{ 8900 | money_without_trailing_zeros }} [{{ nothing | money }}]`,
			want: `€89,00 €1.234,56 EUR 89,50 €89 []`},
		{name: "Assets", main: `{{ 'base.css' | asset_url | stylesheet_tag }}`,
			want: `<link href="/assets/base.css?v=1" rel="stylesheet" type="text/css" media="all" />`},
		{name: "ImageURL", main: `{{ image | image_url: width: 400 }} {{ '/a.svg' | image_url }}`,
			objects: map[string]any{"image": &imageObject{URL: "/demo-images/products/hat-oat.svg"}},
			want:    `/demo-images/products/hat-oat.svg /a.svg`},
		{name: "Settings", main: `{{ settings.greeting }} {{ settings.featured }}`, want: `Labas hats`},
	} {
		t.Run(test.name, func(t *testing.T) {
			files := map[string]string{"sections/main.liquid": test.main}
			for name, source := range test.snippets {
				files[name] = source
			}
			got := renderTestPage(t, files, money.EUR, test.objects)
			want := `<html><div id="shopify-section-template--page__main" class="shopify-section">` + test.want + `</div></html>`
			if got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

func TestMoneyFiltersFollowTheCurrency(t *testing.T) {
	for _, test := range []struct {
		currency money.Currency
		want     string
	}{
		{money.EUR, "€149,00 | €149,00 EUR | 149,00"},
		{money.AUD, "$149.00 | $149.00 AUD | 149.00"},
		{money.GBP, "£149.00 | £149.00 GBP | 149.00"},
		{money.USD, "$149.00 | $149.00 USD | 149.00"},
	} {
		got := renderTestPage(t, map[string]string{
			"sections/main.liquid": `{{ 14900 | money }} | {{ 14900 | money_with_currency }} | {{ 14900 | money_without_currency }}`,
		}, test.currency, nil)
		if !strings.Contains(got, ">"+test.want+"<") {
			t.Errorf("%s: %s, want %s", test.currency, got, test.want)
		}
	}
}

func TestFormatMoney(t *testing.T) {
	for _, test := range []struct {
		cents  int64
		format string
		want   string
	}{
		{8900, "€{{amount_with_comma_separator}}", "€89,00"},
		{123456789, "€{{amount_with_comma_separator}}", "€1.234.567,89"},
		{14905, "${{amount}}", "$149.05"},
		{100000, "${{ amount }}", "$1,000.00"},
		{5, "£{{amount}}", "£0.05"},
		{-1250, "${{amount}}", "$-12.50"},
		{14950, "{{amount_no_decimals}} kr", "150 kr"},
		{14949, "{{amount_no_decimals_with_comma_separator}}", "149"},
		{123456, "{{amount_with_apostrophe_separator}}", "1'234.56"},
		{123456, "{{amount_with_space_separator}}", "1 234,56"},
		{8900, "{{shop_amount}}", "{{shop_amount}}"},
	} {
		if got := formatMoney(test.cents, test.format); got != test.want {
			t.Errorf("formatMoney(%d, %q) = %q, want %q", test.cents, test.format, got, test.want)
		}
	}
}

func TestKeywordFilterArgs(t *testing.T) {
	for _, test := range []struct{ in, want string }{
		{`{{ 'a' | t: count: 3 }}`, `{{ 'a' | t: nil, count: 3 }}`},
		{`{{ img | image_url: width: 400 | json }}`, `{{ img | image_url: nil, width: 400 | json }}`},
		{`{{ x | default: 'y', allow_false: true }}`, `{{ x | default: 'y', allow_false: true }}`},
		{`{% assign a = 'k' | t: name: n %}`, `{% assign a = 'k' | t: nil, name: n %}`},
		{`text | t: count: 3`, `text | t: count: 3`},
	} {
		if got := keywordFilterArgs(test.in); got != test.want {
			t.Errorf("keywordFilterArgs(%s) = %s, want %s", test.in, got, test.want)
		}
	}
}

func TestSections(t *testing.T) {
	section := `{{ section.id }}:{{ section.settings.title }}/{{ section.settings.count }}/{{ section.settings.pick }}
{%- for block in section.blocks %} {{ block.type }}={{ block.settings.label }}{% endfor %}
{%- schema %}{"tag": "section", "class": "wide", "settings": [
  {"type": "header", "content": "ignored"},
  {"type": "text", "id": "title", "default": "Default"},
  {"type": "range", "id": "count", "default": 4},
  {"type": "collection", "id": "pick"}],
 "blocks": [{"type": "line", "settings": [{"type": "text", "id": "label", "default": "?"}]}]}{% endschema %}`
	files := map[string]string{
		"sections/main.liquid":        section,
		"templates/page.json":         `{"sections": {"one": {"type": "main", "settings": {"title": "Set", "pick": "socks"}, "blocks": {"b1": {"type": "line", "settings": {"label": "x"}}, "b2": {"type": "line"}, "b3": {"type": "line", "disabled": true}}, "block_order": ["b2", "b1", "b3"]}, "two": {"type": "main"}, "off": {"type": "main", "disabled": true}}, "order": ["two", "one", "off"]}`,
		"templates/page.other.json":   `{"sections": {"main": {"type": "main"}}, "order": ["main"]}`,
		"layout/theme.liquid":         `{{ content_for_layout }}|{% section 'main' %}`,
		"sections/unused.liquid":      `unused`,
		"snippets/placeholder.liquid": ``,
	}
	theme := loadTestTheme(t, files)
	resolve := func(kind string, v any) any {
		if kind == "collection" && v != nil {
			return "collection " + v.(string)
		}
		return v
	}
	var b bytes.Buffer
	if err := theme.RenderPage(&b, Page{Template: "page.knitters", Currency: money.EUR, Objects: map[string]any{}, Resolve: resolve}); err != nil {
		t.Fatal(err)
	}
	want := `<section id="shopify-section-template--page-knitters__two" class="shopify-section wide">template--page-knitters__two:Default/4/</section>` +
		`<section id="shopify-section-template--page-knitters__one" class="shopify-section wide">template--page-knitters__one:Set/4/collection socks line=? line=x</section>` +
		`|<section id="shopify-section-main" class="shopify-section wide">main:Default/4/</section>`
	if got := b.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if err := theme.RenderPage(&b, Page{Template: "product", Currency: money.EUR}); err == nil {
		t.Error("a page of a template the theme lacks rendered")
	}
}

func TestLoadThemeReportsMistakes(t *testing.T) {
	for _, test := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"LiquidSyntax", map[string]string{"sections/main.liquid": `{% if %}`}, "sections/main.liquid"},
		{"UnknownFormType", map[string]string{"snippets/a.liquid": `{% form 'nonsense' %}{% endform %}`}, "unknown form type"},
		{"UnknownTag", map[string]string{"snippets/a.liquid": "\n{% frobnicate %}"}, `line 2): undefined tag "frobnicate" in snippets/a.liquid`},
		{"RenderOfAVariable", map[string]string{"snippets/a.liquid": `{% render name %}`}, "quoted name"},
		{"BadSchema", map[string]string{"sections/main.liquid": `{% schema %}{nope{% endschema %}`}, "schema"},
		{"TemplateOfAMissingSection", map[string]string{"templates/page.json": `{"sections": {"a": {"type": "gone"}}, "order": ["a"]}`}, "gone"},
	} {
		t.Run(test.name, func(t *testing.T) {
			_, err := LoadTheme(testTheme(test.files), func(string) string { return "" })
			if err == nil || !strings.Contains(err.Error(), test.want) {
				t.Errorf("err = %v, want one mentioning %q", err, test.want)
			}
		})
	}
}

func TestOverrideSettings(t *testing.T) {
	files := map[string]string{"sections/main.liquid": `{{ settings.greeting }}`, "templates/page.json": `{"sections": {"main": {"type": "main"}}, "order": ["main"]}`}
	theme := loadTestTheme(t, files)
	if err := theme.OverrideSettings(map[string]any{"greeting": "Sveiki"}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := theme.RenderPage(&b, Page{Template: "page", Currency: money.EUR, Objects: map[string]any{}, PageNumber: 1, URL: &url.URL{Path: "/"}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Sveiki") {
		t.Errorf("the overridden setting did not render: %s", b.String())
	}
	if err := theme.OverrideSettings(map[string]any{"no_such_setting": true}); err == nil || !strings.Contains(err.Error(), "no_such_setting") {
		t.Errorf("overriding an undefined setting: err = %v, want it named", err)
	}
}
