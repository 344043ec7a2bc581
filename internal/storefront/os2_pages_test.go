package storefront_test

import (
	"net/http"
	"os"
	"strings"
	"testing"
)

// The storefront endpoints an Online Store 2.0 theme such as Dawn calls
// beside its pages, answered through the theme's own sections.
func TestOnlineStore2Endpoints(t *testing.T) {
	s := newShopWithTheme(t, os.DirFS("testdata/os2-theme"), os.DirFS("testdata/app-extension"))
	product := s.get("/products/oat-cable-sweater")
	if product.status != http.StatusOK || !strings.Contains(product.body, `data-url="/recommendations/products?limit=2"`) {
		t.Fatalf("the product page = %d, want 200 with the recommendations address:\n%.500s", product.status, product.body)
	}
	if want := `"theme":{"name":"Fixture","role":"main","schema_name":"Fixture","schema_version":"1.0.0"}`; !strings.Contains(product.body, want) {
		t.Errorf("window.Shopify lacks the theme %s:\n%.500s", want, product.body)
	}
	for _, test := range []struct {
		name, path string
		status     int
		want       []string
	}{
		{"search suggestions", "/search/suggest?q=sweater&section_id=predictive-search", http.StatusOK,
			[]string{`<li class="suggestion">Oat Cable Sweater</li>`}},
		{"recommendations", "/recommendations/products?limit=2&product_id=8123456000001&section_id=template--product__related-products", http.StatusOK,
			[]string{`<p class="recommended">`}},
		{"recommendations of an unknown product", "/recommendations/products?product_id=1&section_id=template--product__related-products", http.StatusNotFound, nil},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := s.get(test.path)
			if a.status != test.status {
				t.Fatalf("status %d, want %d:\n%.500s", a.status, test.status, a.body)
			}
			for _, want := range test.want {
				if !strings.Contains(a.body, want) {
					t.Errorf("the answer lacks %q:\n%.800s", want, a.body)
				}
			}
		})
	}
	if got := strings.Count(s.get("/search/suggest?q=sweater&section_id=predictive-search").body, `class="suggestion"`); got != 4 {
		t.Errorf("%d suggestions, want 4", got)
	}
	if got := strings.Count(s.get("/recommendations/products?limit=2&product_id=8123456000001&section_id=template--product__related-products").body, `class="recommended"`); got != 2 {
		t.Errorf("%d recommendations, want the limit, 2", got)
	}
}
