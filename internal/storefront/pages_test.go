package storefront_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

func TestPages(t *testing.T) {
	s := newShop(t)
	for _, test := range []struct {
		name, path string
		status     int
		want       []string
	}{
		{"Home", "/", http.StatusOK, []string{
			"<title>Knitfront – Hand-knitted sweaters, socks and blankets</title>",
			`id="shopify-section-template--index__hero"`, "New arrivals", `type="CollectionItemPrice"`,
			`href="/pages/knitters"`, `id="cart-icon-bubble"`, `action="/localization"`,
		}},
		{"AllProducts", "/collections/all", http.StatusOK, []string{
			"<h1 class=\"collection__title\">All products</h1>", "56 products", `type="CollectionItemPrice"`,
		}},
		{"Collection", "/collections/socks", http.StatusOK, []string{
			"Everyday Wool Socks", `price="€24,00"`, "Hand-knitted socks with reinforced heels",
		}},
		{"UnknownCollection", "/collections/jumpers", http.StatusNotFound, []string{"Page not found"}},
		{"Product", "/products/oat-cable-sweater", http.StatusOK, []string{
			"<h1 class=\"product__title\">Oat Cable Sweater</h1>", `type="ProductDetailsPagePrice"`,
			`data-type="add-to-cart-form"`, `id="ProductSubmitButton-template--product__main"`,
			`class="pdp-cta-footer"`, "<colour-picker", "<size-picker", "<preorder-strip", "Knitted by Rūta Petrauskienė",
			`class="product-form__disclaimer"`, `data-back-in-stock`,
		}},
		{"Preorder", "/products/snowfall-yoke-sweater", http.StatusOK, []string{
			`data-preorder="true"`, `name="selling_plan"`, "Pre-order deposit 20%", "€31,80 due today",
			"Ships in early February — knitted to order",
		}},
		{"UnknownProduct", "/products/nope", http.StatusNotFound, []string{"Page not found"}},
		{"Variant", "/variants/" + oatCableS + "/", http.StatusOK, []string{
			"<h1 class=\"product__title\">Oat Cable Sweater</h1>", `href="/products/oat-cable-sweater?variant=` + oatCableS + `"`,
		}},
		{"UnknownVariant", "/variants/7", http.StatusNotFound, []string{"Page not found"}},
		{"Search", "/search?q=Alpaca", http.StatusOK, []string{
			`type="SearchCardPrice"`, "Fireside Turtleneck", "results for “Alpaca”",
		}},
		{"SearchNothingYet", "/search", http.StatusOK, []string{`name="q"`}},
		{"Cart", "/cart", http.StatusOK, []string{"Your cart is empty", `data-cart-section="template--cart__main"`}},
		{"Knitters", "/pages/knitters", http.StatusOK, []string{"<knitters-page", "All Knitters", "knitters-page__placeholder"}},
		{"Elsewhere", "/blogs/news", http.StatusNotFound, []string{"Page not found"}},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := s.get(test.path)
			if a.status != test.status {
				t.Fatalf("GET %s: %d, want %d", test.path, a.status, test.status)
			}
			if ct := a.header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			for _, want := range test.want {
				if !strings.Contains(a.body, want) {
					t.Errorf("GET %s lacks %q", test.path, want)
				}
			}
			for _, tag := range []string{"<html", "{{ ", "{%", "Liquid error", "translation missing"} {
				if tag == "<html" {
					if !strings.Contains(a.body, tag) {
						t.Error("the page is not rendered in the layout")
					}
				} else if strings.Contains(a.body, tag) {
					t.Errorf("the page shows %q", tag)
				}
			}
		})
	}
}

func TestProductPageSelectsTheVariantOfTheAddress(t *testing.T) {
	s := newShop(t)
	page := s.get("/products/oat-cable-sweater?variant=" + oatCableS).body
	if v := attribute(t, page, "input", `name="id"`, "value"); v != oatCableS {
		t.Errorf("variant id input = %s, want %s", v, oatCableS)
	}
	if v := attribute(t, page, "product-price", `type="ProductDetailsPagePrice"`, "variant_id"); v != oatCableS {
		t.Errorf("product-price variant_id = %s, want %s", v, oatCableS)
	}
	if href := attribute(t, page, "a", "size-pill--selected", "href"); href != "/products/oat-cable-sweater?variant="+oatCableS {
		t.Errorf("the selected size pill leads to %s, want the size S", href)
	}
	soldOut := s.get("/products/heather-raglan").body
	if attribute(t, soldOut, "button", `id="ProductSubmitButton`, "class") == "" || !strings.Contains(soldOut, "Sold out") {
		t.Error("a sold-out product does not say so")
	}
	if strings.Contains(attribute(t, soldOut, "div", "data-back-in-stock", "class"), "hidden") {
		t.Error("the back-in-stock widget is hidden for a sold-out variant")
	}
}

func TestProductJS(t *testing.T) {
	s := newShop(t)
	for _, test := range []struct {
		name, path  string
		wantStatus  int
		wantPriceLT bool
	}{
		{"Product", "/products/oat-cable-sweater.js", http.StatusOK, true},
		{"InAnotherMarket", "/products/oat-cable-sweater.js?country=US", http.StatusOK, false},
		{"UnknownProduct", "/products/nope.js", http.StatusNotFound, false},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := s.shopper().get(test.path)
			if a.status != test.wantStatus {
				t.Fatalf("GET %s: %d, want %d", test.path, a.status, test.wantStatus)
			}
			if test.wantStatus != http.StatusOK {
				return
			}
			var product struct {
				Handle   string
				Variants []struct {
					ID    int64
					Price int64
				}
			}
			a.json(t, &product)
			if product.Handle != "oat-cable-sweater" || len(product.Variants) == 0 || strconv.FormatInt(product.Variants[1].ID, 10) != oatCableS {
				t.Fatalf("GET %s = %s", test.path, a.body)
			}
			if got := product.Variants[1].Price == 129_00; got != test.wantPriceLT {
				t.Errorf("GET %s: price %d, the price in euros: %v, want %v", test.path, product.Variants[1].Price, got, test.wantPriceLT)
			}
		})
	}
}

// TestPricesFollowTheMarket checks the price widgets' attributes in each
// market: the money filter's format of the market's currency, and the
// country as iso_code.
func TestPricesFollowTheMarket(t *testing.T) {
	for _, test := range []struct {
		country, price, compareAt string
	}{
		{"LT", "€139,00", "€169,00"},
		{"AU", "$229.00", "$279.00"},
		{"GB", "£119.00", "£149.00"},
		{"US", "$149.00", "$189.00"},
		{"DE", "€139,00", "€169,00"},
	} {
		t.Run(test.country, func(t *testing.T) {
			s := newShop(t)
			s.setCountry(test.country)
			page := s.get("/products/fireside-turtleneck").body
			match := `type="ProductDetailsPagePrice"`
			if got := attribute(t, page, "product-price", match, "price"); got != test.price {
				t.Errorf("price = %q, want %q", got, test.price)
			}
			if got := attribute(t, page, "product-price", match, "compared_at"); got != test.compareAt {
				t.Errorf("compared_at = %q, want %q", got, test.compareAt)
			}
			if got := attribute(t, page, "product-price", match, "iso_code"); got != test.country {
				t.Errorf("iso_code = %q, want %q", got, test.country)
			}
			if got := attribute(t, page, "product-price", match, "product_id"); got != "8123456000005" {
				t.Errorf("product_id = %q, want the numeric id", got)
			}
		})
	}
	t.Run("NoDiscount", func(t *testing.T) {
		page := newShop(t).get("/products/oat-cable-sweater").body
		if got := attribute(t, page, "product-price", `type="ProductDetailsPagePrice"`, "compared_at"); got != "nodiscount" {
			t.Errorf("compared_at = %q, want nodiscount", got)
		}
	})
}

func TestCountryParameter(t *testing.T) {
	s := newShop(t)
	a := s.get("/collections/socks?country=gb")
	if got := attribute(t, a.body, "product-price", `type="CollectionItemPrice"`, "iso_code"); got != "GB" {
		t.Errorf("iso_code = %q after ?country=gb", got)
	}
	cookies := strings.Join(a.header.Values("Set-Cookie"), "\n")
	for _, want := range []string{"localization=GB", "cart_currency=GBP"} {
		if !strings.Contains(cookies, want) {
			t.Errorf("?country=gb did not set %s: %s", want, cookies)
		}
	}
	// The cookies keep the market on the next page.
	if got := attribute(t, s.get("/").body, "product-price", `type="CollectionItemPrice"`, "price"); !strings.HasPrefix(got, "£") {
		t.Errorf("the next page shows %q, want pounds", got)
	}
	// A malformed country is ignored.
	other := s.shopper()
	if got := attribute(t, other.get("/?country=Lithuania").body, "product-price", `type="CollectionItemPrice"`, "iso_code"); got != "LT" {
		t.Errorf("iso_code = %q after a malformed country, want the default LT", got)
	}
}

// A first page sets the country cookies, as Shopify does, so the widgets
// find the shopper's market in them; later pages leave them alone.
func TestFirstVisitSetsTheCountryCookies(t *testing.T) {
	s := newShop(t)
	first := strings.Join(s.get("/").header.Values("Set-Cookie"), "\n")
	for _, want := range []string{"localization=LT", "cart_currency=EUR"} {
		if !strings.Contains(first, want) {
			t.Errorf("the first page did not set %s: %s", want, first)
		}
	}
	if again := strings.Join(s.get("/").header.Values("Set-Cookie"), "\n"); strings.Contains(again, "localization=") {
		t.Errorf("a later page set the country cookies again: %s", again)
	}
}

func TestLocalizationForm(t *testing.T) {
	for _, test := range []struct {
		name         string
		form         url.Values
		status       int
		wantLocation string
		wantCookies  []string
	}{
		{"ReturnsToThePage", url.Values{"country_code": {"US"}, "return_to": {"/products/oat-cable-sweater"}},
			http.StatusFound, "/products/oat-cable-sweater", []string{"localization=US", "cart_currency=USD"}},
		{"OtherCountriesShopInEuros", url.Values{"country_code": {"fr"}, "return_to": {"/cart"}},
			http.StatusFound, "/cart", []string{"localization=FR", "cart_currency=EUR"}},
		{"NeverLeavesTheSite", url.Values{"country_code": {"AU"}, "return_to": {"//evil.example/"}},
			http.StatusFound, "/", []string{"localization=AU", "cart_currency=AUD"}},
		{"BadCountry", url.Values{"country_code": {"Lithuania"}}, http.StatusBadRequest, "", nil},
		{"NoCountry", url.Values{}, http.StatusBadRequest, "", nil},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := newShop(t).postForm("/localization", test.form)
			if a.status != test.status {
				t.Fatalf("status %d, want %d: %s", a.status, test.status, a.body)
			}
			if got := a.header.Get("Location"); got != test.wantLocation {
				t.Errorf("Location = %q, want %q", got, test.wantLocation)
			}
			cookies := strings.Join(a.header.Values("Set-Cookie"), "\n")
			for _, want := range test.wantCookies {
				if !strings.Contains(cookies, want) {
					t.Errorf("cookies lack %s: %s", want, cookies)
				}
			}
			if test.wantCookies == nil && strings.Contains(cookies, "localization=") {
				t.Errorf("a refused form set cookies: %s", cookies)
			}
		})
	}
}

// TestCollectionPages checks Shopify's pagination: 48 products to a page.
func TestCollectionPages(t *testing.T) {
	s := newShop(t)
	for _, test := range []struct {
		path      string
		wantCards int
		want      []string
	}{
		{"/collections/all", 48, []string{`href="/collections/all?page=2"`, `aria-current="page">1<`}},
		{"/collections/all?page=2", 8, []string{`href="/collections/all?page=1"`, `aria-current="page">2<`}},
		{"/collections/all?page=9", 0, nil},
		{"/collections/all?page=x", 48, nil},
		{"/collections/socks", 9, nil},
	} {
		t.Run(test.path, func(t *testing.T) {
			page := s.get(test.path).body
			if got := count(page, `<li class="product-grid__item">`); got != test.wantCards {
				t.Errorf("%d cards, want %d", got, test.wantCards)
			}
			for _, want := range test.want {
				if !strings.Contains(page, want) {
					t.Errorf("lacks %q", want)
				}
			}
		})
	}
	if page := s.get("/collections/socks").body; strings.Contains(page, `class="pagination"`) {
		t.Error("a collection of one page shows pagination")
	}
}

func TestSectionRenderingAPI(t *testing.T) {
	s := newShop(t)
	var sections map[string]*string
	a := s.get("/products/oat-cable-sweater?sections=cart-drawer,cart-icon-bubble,template--product__main,nope")
	a.json(t, &sections)
	if a.status != http.StatusOK || a.header.Get("Content-Type") != "application/json; charset=utf-8" {
		t.Fatalf("status %d, %s", a.status, a.header.Get("Content-Type"))
	}
	for id, want := range map[string]string{
		"cart-drawer":             `<div id="shopify-section-cart-drawer" class="shopify-section"><cart-drawer`,
		"cart-icon-bubble":        `<div id="shopify-section-cart-icon-bubble" class="shopify-section">`,
		"template--product__main": `Oat Cable Sweater`,
	} {
		if sections[id] == nil || !strings.Contains(*sections[id], want) {
			t.Errorf("section %s lacks %q", id, want)
		}
	}
	if v, ok := sections["nope"]; !ok || v != nil {
		t.Errorf("an unknown section is %v, want null", v)
	}
	if strings.Contains(*sections["cart-drawer"], "<html") {
		t.Error("a section comes with the layout")
	}

	one := s.get("/products/oat-cable-sweater?variant=" + oatCableS + "&section_id=template--product__main")
	if one.status != http.StatusOK || !strings.HasPrefix(one.body, `<div id="shopify-section-template--product__main"`) ||
		!strings.Contains(one.body, `value="`+oatCableS+`"`) {
		t.Errorf("section_id answered %d:\n%.300s", one.status, one.body)
	}
	if missing := s.get("/?section_id=nope"); missing.status != http.StatusNotFound {
		t.Errorf("an unknown section_id answered %d", missing.status)
	}
}

func TestCheckoutPage(t *testing.T) {
	s := newShop(t)
	var c struct{ Token string }
	s.get("/cart.js").json(t, &c)
	a := s.get("/checkouts/" + c.Token)
	if a.status != http.StatusOK || !strings.Contains(a.body, "Checkout happens on Shopify") {
		t.Errorf("checkout page: %d\n%s", a.status, a.body)
	}
	if bad := s.get("/checkouts/not-a-token"); bad.status != http.StatusNotFound {
		t.Errorf("a malformed cart token answered %d", bad.status)
	}
}

// TestPagesRenderConcurrently renders pages at once in several markets, as
// shoppers' requests do: the compiled theme and its configurations are
// shared, and -race watches them.
func TestPagesRenderConcurrently(t *testing.T) {
	s := newShop(t)
	var wg sync.WaitGroup
	for i, country := range []string{"LT", "AU", "GB", "US", "LT", "AU", "GB", "US"} {
		wg.Go(func() {
			shopper := s.shopper()
			path := []string{"/", "/collections/all", "/products/oat-cable-sweater", "/cart"}[i%4]
			if a := shopper.get(path + "?country=" + country); a.status != http.StatusOK {
				t.Errorf("GET %s in %s: %d", path, country, a.status)
			}
		})
	}
	wg.Wait()
}

// TestPagesAreGzipped checks that a page goes out gzipped to a browser that
// takes it, as Shopify sends its pages, and plain to one that does not.
func TestPagesAreGzipped(t *testing.T) {
	s := newShop(t)
	get := func(encoding string) answer {
		req, err := http.NewRequest(http.MethodGet, s.server.URL+"/collections/all", nil)
		if err != nil {
			t.Fatal(err)
		}
		// Named here, the transport leaves the answer as it came.
		req.Header.Set("Accept-Encoding", encoding)
		return s.do(req)
	}
	plain, zipped := get("identity"), get("gzip, deflate, br")
	if plain.header.Get("Content-Encoding") != "" || !strings.Contains(plain.body, "All products") {
		t.Fatalf("without gzip: Content-Encoding %q, %d bytes", plain.header.Get("Content-Encoding"), len(plain.body))
	}
	if got := zipped.header.Get("Content-Encoding"); got != "gzip" {
		t.Fatalf("with gzip: Content-Encoding %q", got)
	}
	for _, a := range []answer{plain, zipped} {
		if !slices.Contains(a.header.Values("Vary"), "Accept-Encoding") {
			t.Errorf("Vary = %q: a cache must keep both forms apart", a.header.Values("Vary"))
		}
	}
	zr, err := gzip.NewReader(strings.NewReader(zipped.body))
	if err != nil {
		t.Fatal(err)
	}
	page, err := io.ReadAll(zr)
	if err != nil || !strings.Contains(string(page), "All products") {
		t.Fatalf("gunzipped page: %d bytes, %v", len(page), err)
	}
	if len(zipped.body)*4 > len(page) {
		t.Errorf("the collection page of %d bytes went out as %d gzipped", len(page), len(zipped.body))
	}
}
