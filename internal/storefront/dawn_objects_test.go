package storefront_test

import (
	"strings"
	"testing"
	"testing/fstest"
)

// The objects Dawn's collection, product and cart pages read, as the
// storefront gives them to a theme of its own.
func TestDawnObjects(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	section := func(name string) string {
		return `{"sections": {"main": {"type": "` + name + `"}}, "order": ["main"]}`
	}
	theme := fstest.MapFS{
		"layout/theme.liquid":         file(`{{ content_for_layout }}`),
		"config/settings_schema.json": file(`[{"name": "theme_info"}]`),
		"config/settings_data.json":   file(`{"current": {}}`),
		"locales/en.default.json":     file(`{}`),
		"templates/collection.json":   file(section("collection")),
		"templates/product.json":      file(section("product")),
		"sections/collection.liquid":  file(`[{{ collection.products_count }} of {{ collection.all_products_count }}]`),
		"sections/product.liquid": file(`{% assign rule = product.selected_or_first_available_variant.quantity_rule %}` +
			`[min {{ rule.min }} step {{ rule.increment }} max {% if rule.max == null %}none{% endif %}]`),
	}
	s := newShopWithTheme(t, theme, nil)
	for _, test := range []struct{ path, want string }{
		{"/collections/all", "[56 of 56]"},
		{"/collections/socks", "[9 of 9]"},
		{"/products/oat-cable-sweater", "[min 1 step 1 max none]"},
	} {
		if got := s.get(test.path).body; !strings.Contains(got, test.want) {
			t.Errorf("%s: got %.300s, want %s", test.path, got, test.want)
		}
	}
}
