package storefront_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
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

// Dawn's product form posts its multipart fields to /cart/add by script
// and reads the answer as /cart/add.js's JSON, with the sections it asked
// for; a plain form post still goes on to the cart page.
func TestDawnProductFormAddsByScript(t *testing.T) {
	s := newShop(t)
	var body bytes.Buffer
	form := multipart.NewWriter(&body)
	for name, value := range map[string]string{"id": harbourNavyXS, "quantity": "2", "sections": "cart-drawer"} {
		if err := form.WriteField(name, value); err != nil {
			t.Fatal(err)
		}
	}
	if err := form.Close(); err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, s.server.URL+"/cart/add", &body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", form.FormDataContentType())
	req.Header.Set("Accept", "application/javascript")
	req.Header.Set("X-Requested-With", "XMLHttpRequest")
	a := s.do(req)
	var added struct {
		ID       int64              `json:"id"`
		Quantity int                `json:"quantity"`
		Sections map[string]*string `json:"sections"`
	}
	a.json(t, &added)
	if strconv.FormatInt(added.ID, 10) != harbourNavyXS || added.Quantity != 2 || added.Sections["cart-drawer"] == nil {
		t.Errorf("POST /cart/add by script = %d %.300s, want the added line as JSON with the cart-drawer section", a.status, a.body)
	}
	if plain := s.postForm("/cart/add", url.Values{"id": {harbourNavyXS}}); plain.status != http.StatusFound {
		t.Errorf("a plain POST /cart/add = %d, want 302 to the cart", plain.status)
	}
}
