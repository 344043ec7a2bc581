package storefront

import (
	"strings"
	"testing"

	"knitfront/internal/money"
)

// The filters' documented examples (shopify.dev/docs/api/liquid/filters),
// rendered through the theme's Liquid.
func TestListAndColorFilters(t *testing.T) {
	products := []*productObject{{ID: 1, Title: "Hat", Available: false}, {ID: 2, Title: "Sweater", Available: true}, {ID: 3, Title: "Scarf", Available: true}}
	objects := map[string]any{"products": products, "sizes": []string{"small", "medium"}}
	for _, test := range []struct{ source, want string }{
		{`{% assign p = products | find: 'id', 2 %}{{ p.title }}`, "Sweater"},
		{`{{ products | find: 'title', 'Mitten' }}`, ""},
		{`{{ products | find_index: 'title', 'Scarf' }}`, "2"},
		{`{{ products | find_index: 'available' }}`, "1"},
		{`{{ sizes | find_index: 'medium' }}`, "1"},
		{`{% assign i = sizes | find_index: 'large' %}{% if i == nil %}none{% endif %}`, "none"},
		{`{{ products | has: 'available', true }}/{{ products | has: 'title', 'Mitten' }}`, "true/false"},
		{`{{ products | reject: 'available' | map: 'title' | join: ',' }}`, "Hat"},
		{`{{ products | reject: 'title', 'Hat' | map: 'title' | join: ',' }}`, "Sweater,Scarf"},
		{`{{ '#EA5AB9' | color_modify: 'alpha', 0.85 }}`, "rgba(234, 90, 185, 0.85)"},
		{`{{ '#EA5AB9' | color_modify: 'red', 255 }}`, "#ff5ab9"},
		{`{{ '#E800B0' | color_contrast: '#D9D8FF' }}`, "3"},
		{`{{ '#000000' | color_contrast: '#ffffff' }}`, "21"},
		{`{{ 'cart.js' | preload_tag: as: 'script' }}`, `<link href="cart.js" as="script" rel="preload">`},
		{`{{ 'a.woff2' | preload_tag: as: 'font', type: 'font/woff2' }}`, `<link href="a.woff2" as="font" rel="preload" type="font/woff2">`},
		{`{{ '' | preload_tag: as: 'font' }}`, ""},
		{`{{ '' | md5 }}/{{ 'Hello' | md5 }}`, "d41d8cd98f00b204e9800998ecf8427e/8b1a9953c4611296a827abf8c47804d7"},
		{`{{ sizes | concat: sizes | join: ',' }}`, "small,medium,small,medium"},
		{`{% assign p = products | first %}{{ p | concat: products | map: 'title' | join: ',' }}`, "Hat,Hat,Sweater,Scarf"},
		{`{% echo sizes | join: '+' | upcase %}{% echo nothing %}`, "SMALL+MEDIUM"},
	} {
		got := renderTestPage(t, map[string]string{"sections/main.liquid": test.source}, money.EUR, objects)
		if !strings.Contains(got, `class="shopify-section">`+test.want+`</div>`) {
			t.Errorf("%s: got %s, want %s", test.source, got, test.want)
		}
	}
}

// standard_event_data gives the Storefront API's shape of the resource.
func TestStandardEventData(t *testing.T) {
	variant := &variantObject{ID: 11, Title: "M", Price: 11900}
	for _, test := range []struct {
		value any
		want  string
	}{
		{&productObject{ID: 7, Title: "Sweater", Handle: "sweater", SelectedOrFirstAvailableVariant: variant},
			`{"product":{"handle":"sweater","id":"gid://shopify/Product/7","selectedVariant":{"id":"gid://shopify/ProductVariant/11","price":{"amount":"119.00","currencyCode":"EUR"},"sku":"","title":"M"},"title":"Sweater","vendor":""}}`},
		{&collectionObject{ID: 3, Title: "All", Handle: "all"}, `{"collection":{"handle":"all","id":"gid://shopify/Collection/3","title":"All"}}`},
		{&cartObject{Token: "t1", ItemCount: 2, TotalPrice: 500}, `{"cart":{"cost":{"totalAmount":{"amount":"5.00","currencyCode":"EUR"}},"id":"gid://shopify/Cart/t1","totalQuantity":2}}`},
		{"nothing", `{}`},
	} {
		if got := standardEventData(money.EUR)(test.value, "view"); got != test.want {
			t.Errorf("got  %s\nwant %s", got, test.want)
		}
	}
}

// The ways Shopify takes a render's arguments: with no comma after the
// name, and with one after the last argument.
func TestRenderArgumentVariants(t *testing.T) {
	for _, test := range []struct{ source, want string }{
		{`{% render 'greet' name: 'Ona' %}`, "Hi Ona"},
		{"{% render 'greet',\n  name: 'Ona',\n%}", "Hi Ona"},
		{`{% render 'greet', name: 'Ona', %}`, "Hi Ona"},
	} {
		files := map[string]string{"sections/main.liquid": test.source, "snippets/greet.liquid": "Hi {{ name }}"}
		if got := renderTestPage(t, files, money.EUR, map[string]any{}); !strings.Contains(got, ">"+test.want+"<") {
			t.Errorf("%s: got %s", test.source, got)
		}
	}
}

// image_tag writes each keyword argument as an attribute, those it does not
// know after those it does: Horizon's scripts find their pictures by ref.
func TestImageTagAttributes(t *testing.T) {
	got := imageTag(newImage("/a.svg", "A"), map[string]any{"ref": "image", "class": "x", "data-zoom": "1", "widths": "100"})
	want := `<img src="/a.svg" alt="A" width="800" height="1000" class="x" data-zoom="1" ref="image">`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
