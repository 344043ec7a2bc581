package storefront

import (
	"bytes"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/osteele/liquid/parser"

	"knitfront/internal/cart"
	"knitfront/internal/catalog"
	"knitfront/internal/httpgzip"
	"knitfront/internal/money"
)

// Shop-wide facts of the demo shop, as its Shopify admin would hold them.
const (
	shopName        = "Knitfront"
	shopEmail       = "hello@knitfront.example"
	shopDescription = "Hand-knitted sweaters, socks, mittens and blankets from Lithuanian knitters."
	shopDomain      = "knitfront-demo.myshopify.com"
)

// visit is one request's view of the shop: the catalogue, the shopper's
// country and market, and their cart.
type visit struct {
	r        *http.Request
	index    *catalog.Index
	country  country
	market   money.Market
	products *productObjects
	token    string
	priced   cart.Priced
	cart     *cartObject
}

// newVisit reads the catalogue, the shopper's country (setting the cookies
// when it came from ?country=) and their cart (giving them a cart token when
// they have none).
func (s *Storefront) newVisit(w http.ResponseWriter, r *http.Request) (*visit, error) {
	index, err := s.catalogue(r.Context())
	if err != nil {
		return nil, err
	}
	code, setCookies := countryOf(r)
	if setCookies {
		setCountryCookies(w, code)
	}
	v := &visit{r: r, index: index, country: countryNamed(code), market: marketOf(code), token: cartToken(w, r)}
	v.products = newProductObjects(index, v.market)
	v.products.metafields = s.cfg.Metafields
	c, err := s.loadCart(r.Context(), v.token)
	if err != nil {
		return nil, err
	}
	v.setCart(s.price(r.Context(), c, v.market, index))
	return v, nil
}

func (v *visit) setCart(p cart.Priced) {
	v.priced = p
	v.cart = newCartObject(p, v.products)
}

// cartToken returns the shopper's cart token, giving them one in the cart
// cookie when they have none (or a malformed one).
func cartToken(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(cartCookie); err == nil && cart.ValidToken(c.Value) {
		return c.Value
	}
	token := cart.NewToken()
	setCookie(w, cartCookie, token)
	return token
}

// pageData is what a storefront address shows: a template with its objects.
type pageData struct {
	template, pageType, title string
	objects                   map[string]any
	status                    int
	pageNumber                int
}

// resolvePage maps a storefront address to its page, as Shopify's routes do.
func (v *visit) resolvePage(u *url.URL) pageData {
	q := u.Query()
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	notFound := pageData{template: "404", pageType: "404", title: "Page not found", status: http.StatusNotFound}
	switch {
	case u.Path == "/":
		return pageData{template: "index", pageType: "index", title: shopName}
	case len(parts) == 2 && parts[0] == "collections":
		c, ok := v.collection(parts[1])
		if !ok {
			return notFound
		}
		return pageData{template: "collection", pageType: "collection", title: c.Title,
			objects: map[string]any{"collection": c}, pageNumber: pageNumber(q)}
	case len(parts) == 2 && parts[0] == "products":
		p, ok := v.index.Product(parts[1])
		if !ok {
			return notFound
		}
		variant, _ := strconv.ParseInt(q.Get("variant"), 10, 64)
		product := v.products.withSelectedVariant(p, variant, optionValueIDs(q.Get("option_values")))
		return pageData{template: "product", pageType: "product", title: p.Title,
			objects: map[string]any{"product": product}}
	case len(parts) == 2 && parts[0] == "variants":
		// Shopify's address of a variant: its product page with it selected,
		// also as product_variant, which Dawn's pickup availability reads.
		id, _ := strconv.ParseInt(parts[1], 10, 64)
		p, _, ok := v.index.Variant(id)
		if !ok {
			return notFound
		}
		product := v.products.withSelectedVariant(p, id, nil)
		return pageData{template: "product", pageType: "product", title: p.Title,
			objects: map[string]any{"product": product, "product_variant": product.SelectedVariant}}
	case u.Path == "/search/suggest":
		search := v.search(q.Get("q"))
		suggested := search.Results[:min(len(search.Results), maxSuggestions)]
		return pageData{template: "search", pageType: "search", title: "Search",
			objects: map[string]any{"predictive_search": &predictiveSearchObject{Performed: search.Performed, Terms: search.Terms,
				Resources: map[string][]*productObject{"products": suggested, "collections": {}, "pages": {}, "articles": {}, "queries": {}}}}}
	case u.Path == "/recommendations/products":
		id, _ := strconv.ParseInt(q.Get("product_id"), 10, 64)
		p, ok := productByID(v.index, id)
		if !ok {
			return notFound
		}
		limit, err := strconv.Atoi(q.Get("limit"))
		if err != nil || limit < 1 || limit > maxRecommendations {
			limit = maxRecommendations
		}
		return pageData{template: "product", pageType: "product", title: p.Title,
			objects: map[string]any{"product": v.products.product(p), "recommendations": v.recommendations(p, limit)}}
	case u.Path == "/search":
		search := v.search(q.Get("q"))
		return pageData{template: "search", pageType: "search", title: "Search",
			objects: map[string]any{"search": search}, pageNumber: pageNumber(q)}
	case u.Path == "/cart":
		return pageData{template: "cart", pageType: "cart", title: "Your cart"}
	case len(parts) == 2 && parts[0] == "pages" && parts[1] == knittersPage.Handle:
		return pageData{template: "page." + knittersPage.TemplateSuffix, pageType: "page", title: knittersPage.Title,
			objects: map[string]any{"page": knittersPage}}
	}
	return notFound
}

// knittersPage is the shop's one page, the 'All Knitters' page.
var knittersPage = &pageObject{
	ID: 93456000001, Handle: "knitters", Title: "All Knitters", URL: "/pages/knitters", TemplateSuffix: "knitters",
	Content: "<p>Every piece in the shop is knitted by hand by one of these makers.</p>",
}

// productJS is the product of /products/{handle}.js, which Shopify answers
// with the product's JSON, the same as Liquid's `product | json`.
func (v *visit) productJS(path string) (*productObject, bool) {
	file, ok := strings.CutPrefix(path, "/products/")
	if !ok {
		return nil, false
	}
	handle, ok := strings.CutSuffix(file, ".js")
	if !ok {
		return nil, false
	}
	p, ok := v.index.Product(handle)
	if !ok {
		return nil, false
	}
	return v.products.product(p), true
}

// optionValueIDs reads ?option_values=, comma-separated ids of option values;
// nil when one is not a number.
func optionValueIDs(list string) []int64 {
	if list == "" {
		return nil
	}
	var ids []int64
	for part := range strings.SplitSeq(list, ",") {
		id, err := strconv.ParseInt(part, 10, 64)
		if err != nil {
			return nil
		}
		ids = append(ids, id)
	}
	return ids
}

// pageNumber reads ?page=, from 1.
func pageNumber(q url.Values) int {
	n, err := strconv.Atoi(q.Get("page"))
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// allProducts is the handle of the collection Shopify gives every shop.
const allProducts = "all"

// collection returns a collection with its products in the visit's market.
func (v *visit) collection(handle string) (*collectionObject, bool) {
	var o *collectionObject
	var products []*catalog.Product
	if handle == allProducts {
		o = &collectionObject{Handle: allProducts, Title: "All products", URL: "/collections/all"}
		products = v.index.Products()
	} else {
		c, ok := v.index.Collection(handle)
		if !ok {
			return nil, false
		}
		o = &collectionObject{ID: c.ID, Handle: c.Handle, Title: c.Title, Description: c.Description, URL: "/collections/" + c.Handle}
		products = v.index.ProductsIn(handle)
	}
	for _, p := range products {
		o.Products = append(o.Products, v.products.product(p))
	}
	o.ProductsCount = len(o.Products)
	o.AllProductsCount = o.ProductsCount
	if len(o.Products) > 0 {
		o.FeaturedImage = o.Products[0].FeaturedImage
	}
	return o, true
}

// How many products the search box suggests, and how many Shopify
// recommends at most.
const (
	maxSuggestions     = 4
	maxRecommendations = 10
)

// productByID finds a product of the catalogue by its id.
func productByID(index *catalog.Index, id int64) (*catalog.Product, bool) {
	for _, p := range index.Products() {
		if p.ID == id {
			return p, true
		}
	}
	return nil, false
}

// recommendations are the products of the same type as p, as Shopify's
// related products lean on.
func (v *visit) recommendations(p *catalog.Product, limit int) *recommendationsObject {
	o := &recommendationsObject{Performed: true}
	for _, other := range v.index.Products() {
		if len(o.Products) == limit {
			break
		}
		if other.ID != p.ID && other.ProductType == p.ProductType {
			o.Products = append(o.Products, v.products.product(other))
		}
	}
	o.ProductsCount = len(o.Products)
	return o
}

// maxSearchTerms bounds a search query.
const maxSearchTerms = 200

// search finds the products whose title, type, tags or description hold
// every word of the terms, ignoring case.
func (v *visit) search(terms string) *searchObject {
	terms = strings.TrimSpace(terms)
	if len(terms) > maxSearchTerms {
		terms = terms[:maxSearchTerms]
	}
	o := &searchObject{Terms: terms, Performed: terms != "", Results: []*productObject{}, Filters: []any{}}
	if !o.Performed {
		return o
	}
	words := strings.Fields(strings.ToLower(terms))
	for _, p := range v.index.Products() {
		text := strings.ToLower(strings.Join(append([]string{p.Title, p.ProductType, p.Description}, p.Tags...), " "))
		matches := true
		for _, w := range words {
			matches = matches && strings.Contains(text, w)
		}
		if matches {
			o.Results = append(o.Results, v.products.product(p))
		}
	}
	o.ResultsCount = len(o.Results)
	return o
}

// resolve turns the stored value of a resource setting into its object.
func (v *visit) resolve(settingType string, value any) any {
	switch settingType {
	case "collection":
		if handle, ok := value.(string); ok {
			if c, ok := v.collection(handle); ok {
				return c
			}
		}
		return nil
	case "product":
		if handle, ok := value.(string); ok {
			if p, ok := v.index.Product(handle); ok {
				return v.products.product(p)
			}
		}
		return nil
	case "collection_list":
		var out []*collectionObject
		for _, h := range stringsOf(value) {
			if c, ok := v.collection(h); ok {
				out = append(out, c)
			}
		}
		return out
	case "link_list":
		if handle, ok := value.(string); ok {
			return v.linklists()[handle]
		}
		return nil
	}
	return value
}

func stringsOf(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, item := range list {
		if s, ok := item.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// linklists are the shop's menus, as its admin would define them.
func (v *visit) linklists() map[string]*linklistObject {
	current := v.r.URL.Path
	link := func(title, url string) *linkObject {
		return &linkObject{Title: title, URL: url, Current: url == current}
	}
	main := &linklistObject{Handle: "main-menu", Title: "Main menu", Links: []*linkObject{link("Shop all", "/collections/all")}}
	for _, c := range v.index.Collections() {
		if c.Handle != "new-arrivals" && c.Handle != "gifts" {
			main.Links = append(main.Links, link(c.Title, "/collections/"+c.Handle))
		}
	}
	main.Links = append(main.Links, link(knittersPage.Title, knittersPage.URL))
	footer := &linklistObject{Handle: "footer", Title: "Footer menu", Links: []*linkObject{
		link("New Arrivals", "/collections/new-arrivals"), link("Gifts", "/collections/gifts"),
		link("Search", "/search"), link(knittersPage.Title, knittersPage.URL),
	}}
	return map[string]*linklistObject{main.Handle: main, footer.Handle: footer}
}

// themePage gives a page its global objects and its template's, for the
// theme to render.
func (s *Storefront) themePage(v *visit, pd pageData, u *url.URL) Page {
	origin := "http://" + v.r.Host
	if v.r.TLS != nil {
		origin = "https://" + v.r.Host
	}
	currency := v.market.Currency()
	language := &languageObject{ISOCode: "en", Name: "English", EndonymName: "English", Primary: true, RootURL: "/"}
	localization := &localizationObject{Language: language, AvailableLanguages: []*languageObject{language}}
	for _, c := range shopCountries {
		co := newCountry(c)
		localization.AvailableCountries = append(localization.AvailableCountries, co)
		if c.Code == v.country.Code {
			localization.Country = co
		}
	}
	if localization.Country == nil {
		localization.Country = newCountry(v.country)
	}
	shop := &shopObject{
		Name: shopName, URL: origin, Email: shopEmail, Description: shopDescription, Currency: string(money.DefaultCurrency),
		MoneyFormat: moneyFormats[currency].money, MoneyWithCurrencyFormat: moneyFormats[currency].withCurrency,
		Metafields: shopMetafields(s.cfg.Metafields),
	}
	for _, c := range money.Currencies {
		shop.EnabledCurrencies = append(shop.EnabledCurrencies, newCurrencyObject(c))
	}
	objects := map[string]any{
		"shop":         shop,
		"cart":         v.cart,
		"localization": localization,
		"request": &requestObject{Host: v.r.Host, Origin: origin, Path: u.Path, PageType: pd.pageType,
			Locale: language},
		"routes":             shopRoutes,
		"linklists":          v.linklists(),
		"collections":        allCollections{v},
		"template":           pd.template,
		"page_title":         pd.title,
		"canonical_url":      origin + u.Path,
		"content_for_header": contentForHeader(v, currency, s.theme.Info),
	}
	for name, o := range pd.objects {
		objects[name] = o
	}
	return Page{Template: pd.template, Currency: currency, Objects: objects, Resolve: v.resolve, PageNumber: pd.pageNumber, URL: u}
}

// allCollections is Liquid's collections, every collection by handle, all
// among them. It
// is built only when a template reads it.
type allCollections struct{ v *visit }

// ToLiquid builds the collections.
func (a allCollections) ToLiquid() any {
	out := map[string]*collectionObject{}
	for _, c := range a.v.index.Collections() {
		out[c.Handle], _ = a.v.collection(c.Handle)
	}
	// Every shop has collections.all, its every product (Horizon's empty
	// search shows some).
	if _, ok := out[allProducts]; !ok {
		out[allProducts], _ = a.v.collection(allProducts)
	}
	return out
}

func newCountry(c country) *countryObject {
	currency := marketOf(c.Code).Currency()
	return &countryObject{ISOCode: c.Code, Name: c.Name,
		Currency: newCurrencyObject(currency)}
}

// contentForHeader is what Shopify puts in every page's head: here the
// window.Shopify globals themes and apps read, the theme among them (apps
// tell Dawn from other themes by its schema_name), and Shopify.actions.
func contentForHeader(v *visit, currency money.Currency, theme ThemeInfo) string {
	globals, _ := json.Marshal(map[string]any{
		"shop": shopDomain, "locale": "en", "country": v.country.Code,
		"currency": map[string]string{"active": string(currency), "rate": "1.0"},
		"routes":   map[string]string{"root": "/"},
		"theme":    map[string]string{"name": theme.Name, "schema_name": theme.Name, "schema_version": theme.Version, "role": "main"},
	})
	return `<script id="shopify-globals">window.Shopify = Object.assign(window.Shopify || {}, ` + string(globals) + `);</script>` + actionsScript()
}

// maxSections is how many sections Shopify's Section Rendering API renders
// in one request.
const maxSections = 5

// page serves a storefront page, or with ?sections= or ?section_id= only
// some of its sections (Shopify's Section Rendering API).
func (s *Storefront) page(w http.ResponseWriter, r *http.Request) {
	v, err := s.newVisit(w, r)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	if product, ok := v.productJS(r.URL.Path); ok {
		writeJSON(w, http.StatusOK, product)
		return
	}
	pd := v.resolvePage(r.URL)
	p := s.themePage(v, pd, r.URL)
	status := pd.status
	if status == 0 {
		status = http.StatusOK
	}
	q := r.URL.Query()
	if ids := q.Get("sections"); ids != "" {
		sections, err := s.theme.RenderSections(p, sectionIDs(ids))
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		writeJSON(w, status, sectionsAnswer(sectionIDs(ids), sections))
		return
	}
	var body bytes.Buffer
	if id := q.Get("section_id"); id != "" {
		sections, err := s.theme.RenderSections(p, []string{id})
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		html, ok := sections[id]
		if !ok {
			http.Error(w, "The page has no section "+strconv.Quote(id)+".", http.StatusNotFound)
			return
		}
		body.WriteString(html)
	} else if err := s.theme.RenderPage(&body, p); err != nil {
		s.themeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Add("Vary", "Accept-Encoding")
	html := offlineAddresses(body.Bytes())
	// Shopify sends its pages compressed; so does its stand-in, so that a
	// page reaches a slow phone's browser as soon as it would from Shopify.
	if httpgzip.Accepts(r.Header.Get("Accept-Encoding")) {
		html = httpgzip.Compress(html)
		h.Set("Content-Encoding", "gzip")
	}
	w.WriteHeader(status)
	_, _ = w.Write(html)
}

// themeError answers a page the theme failed to render. A mistake in the
// theme's Liquid (an unknown tag or filter, say) is shown with its file and
// line, for the developer who runs the dev storefront on their theme.
func (s *Storefront) themeError(w http.ResponseWriter, r *http.Request, err error) {
	var liquidErr parser.Error
	if !errors.As(err, &liquidErr) {
		s.serverError(w, r, err)
		return
	}
	s.log.ErrorContext(r.Context(), "the theme failed to render", "path", r.URL.Path, "err", err)
	http.Error(w, "The theme could not render this page: "+err.Error(), http.StatusInternalServerError)
}

// sectionIDs reads the comma-separated ids of ?sections=, at most
// maxSections of them, as Shopify does.
func sectionIDs(list string) []string {
	var ids []string
	for id := range strings.SplitSeq(list, ",") {
		if id = strings.TrimSpace(id); id != "" && len(ids) < maxSections {
			ids = append(ids, id)
		}
	}
	return ids
}

// sectionsAnswer maps each requested id to its HTML, or null for an id the
// page does not have, as Shopify answers.
func sectionsAnswer(ids []string, sections map[string]string) map[string]*string {
	out := make(map[string]*string, len(ids))
	for _, id := range ids {
		if html, ok := sections[id]; ok {
			out[id] = &html
		} else {
			out[id] = nil
		}
	}
	return out
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

var checkoutPage = template.Must(template.New("checkout").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout – {{.Shop}}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;color:#121212;max-width:36rem;margin:4rem auto;padding:0 1.5rem}
a{color:inherit}</style></head>
<body><h1>Checkout happens on Shopify</h1>
<p>This is the dev storefront of <code>knitfront dev</code>. In a live shop this address is Shopify's checkout,
which takes the cart below from here.</p>
<p>Cart <code>{{.Token}}</code>: {{.Items}} item(s), {{.Total}}.</p>
<p><a href="/cart">Back to the cart</a></p></body></html>
`))

// checkout is where a cart's checkoutUrl leads: checkout itself is
// Shopify's, so the dev storefront only says so.
func (s *Storefront) checkout(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	if !cart.ValidToken(token) {
		http.NotFound(w, r)
		return
	}
	v, err := s.newVisit(w, r)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	c, err := s.loadCart(r.Context(), token)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	priced := s.price(r.Context(), c, v.market, v.index)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = checkoutPage.Execute(w, map[string]any{
		"Shop": shopName, "Token": token, "Items": priced.ItemCount,
		"Total": formatMoney(int64(priced.Total), moneyFormats[priced.Currency].money),
	})
}
