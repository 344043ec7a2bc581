package storefront

import (
	"encoding/json"
	"html"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/osteele/liquid/values"

	"knitfront/internal/cart"
	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// The Liquid objects of Shopify's storefront that the theme reads. Each is a
// struct whose `liquid` tags name its properties as Shopify does; money is
// in cents of the presentment currency. Their `json` tags, or a MarshalJSON
// where Shopify's JSON differs from the Liquid properties, give what
// `{{ object | json }}` prints on Shopify; the cart's JSON is also the AJAX
// cart API's answers.

// imageObject is an image; its JSON form is the cart's featured_image.
type imageObject struct {
	Alt         string  `json:"alt" liquid:"alt"`
	AspectRatio float64 `json:"aspect_ratio" liquid:"aspect_ratio"`
	Height      int     `json:"height" liquid:"height"`
	URL         string  `json:"url" liquid:"src"`
	Width       int     `json:"width" liquid:"width"`
}

func newImage(src, alt string) *imageObject {
	if src == "" {
		return nil
	}
	width, height := imageSize(src)
	return &imageObject{URL: src, Alt: alt, Width: width, Height: height, AspectRatio: float64(width) / float64(height)}
}

// imageSize is the size of a picture of the demo catalogue, which records
// none: its drawings (internal/demo) are products at 4:5, swatches and
// knitters' avatars square, and knitters' photos at 4:3.
func imageSize(src string) (width, height int) {
	switch {
	case strings.HasSuffix(src, "-avatar.svg"), strings.Contains(src, "/swatches/"):
		return 200, 200
	case strings.HasSuffix(src, "-photo.svg"):
		return 800, 600
	}
	return 800, 1000
}

// defaultVariantTitle is the title of the variant of a product without
// options.
const defaultVariantTitle = "Default Title"

// productObject is Liquid's product; its JSON is productJSON.
type productObject struct {
	ID                              int64                            `liquid:"id"`
	Handle                          string                           `liquid:"handle"`
	Title                           string                           `liquid:"title"`
	Description                     string                           `liquid:"description"`
	URL                             string                           `liquid:"url"`
	Type                            string                           `liquid:"type"`
	Vendor                          string                           `liquid:"vendor"`
	Tags                            []string                         `liquid:"tags"`
	Price                           int64                            `liquid:"price"`
	PriceMin                        int64                            `liquid:"price_min"`
	PriceMax                        int64                            `liquid:"price_max"`
	PriceVaries                     bool                             `liquid:"price_varies"`
	CompareAtPrice                  *int64                           `liquid:"compare_at_price"`
	Available                       bool                             `liquid:"available"`
	FeaturedImage                   *imageObject                     `liquid:"featured_image"`
	Images                          []*imageObject                   `liquid:"images"`
	FeaturedMedia                   *mediaObject                     `liquid:"featured_media"`
	Media                           []*mediaObject                   `liquid:"media"`
	Options                         []string                         `liquid:"options"`
	OptionsWithValues               []*productOptionObject           `liquid:"options_with_values"`
	Variants                        []*variantObject                 `liquid:"variants"`
	SelectedVariant                 *variantObject                   `liquid:"selected_variant"`
	SelectedOrFirstAvailableVariant *variantObject                   `liquid:"selected_or_first_available_variant"`
	FirstAvailableVariant           *variantObject                   `liquid:"first_available_variant"`
	HasOnlyDefaultVariant           bool                             `liquid:"has_only_default_variant"`
	SellingPlanGroups               []*sellingPlanGroupObject        `liquid:"selling_plan_groups"`
	RequiresSellingPlan             bool                             `liquid:"requires_selling_plan"`
	Metafields                      map[string]map[string]*metafield `liquid:"metafields"`
	// ObjectType tells a product among search results, which may also hold
	// pages and articles on Shopify.
	ObjectType string `liquid:"object_type"`
}

// mediaObject is a product's picture as Online Store 2.0 themes read it:
// a media of type image, with the image as its preview.
type mediaObject struct {
	ID           int64        `json:"id" liquid:"id"`
	MediaType    string       `json:"media_type" liquid:"media_type"`
	Position     int          `json:"position" liquid:"position"`
	Alt          string       `json:"alt" liquid:"alt"`
	AspectRatio  float64      `json:"aspect_ratio" liquid:"aspect_ratio"`
	Width        int          `json:"width" liquid:"width"`
	Height       int          `json:"height" liquid:"height"`
	Src          string       `json:"src" liquid:"src"`
	PreviewImage *imageObject `json:"-" liquid:"preview_image"`
}

func newMedia(productID int64, position int, img *imageObject) *mediaObject {
	return &mediaObject{
		ID: productID*100 + int64(position), MediaType: "image", Position: position, Alt: img.Alt,
		AspectRatio: img.AspectRatio, Width: img.Width, Height: img.Height, Src: img.URL, PreviewImage: img,
	}
}

type productOptionObject struct {
	Name          string                     `json:"name" liquid:"name"`
	Position      int                        `json:"position" liquid:"position"`
	Values        []productOptionValueObject `json:"values" liquid:"values"`
	SelectedValue string                     `json:"-" liquid:"selected_value"`
}

// productOptionValueObject is Liquid's product_option_value: a value of a
// product option, seen beside the other options' values of the selected
// variant. Like Shopify's, it prints as its name and equals its name, so it
// is a value of the Liquid engine itself rather than a struct of properties;
// its JSON is its name.
type productOptionValueObject struct {
	ID   int64
	Name string
	// Variant is the variant with this value and the selected variant's
	// other values, nil when the product has no such variant.
	Variant    *variantObject
	Selected   bool
	ProductURL string
}

var _ values.Value = productOptionValueObject{}

func (v productOptionValueObject) name() values.Value           { return values.ValueOf(v.Name) }
func (v productOptionValueObject) Interface() any               { return v.Name }
func (v productOptionValueObject) String() string               { return v.Name }
func (v productOptionValueObject) Int() int                     { return v.name().Int() }
func (v productOptionValueObject) Equal(o values.Value) bool    { return v.name().Equal(o) }
func (v productOptionValueObject) Less(o values.Value) bool     { return v.name().Less(o) }
func (v productOptionValueObject) Contains(o values.Value) bool { return v.name().Contains(o) }
func (v productOptionValueObject) IndexValue(i values.Value) values.Value {
	return v.name().IndexValue(i)
}
func (v productOptionValueObject) Test() bool                   { return true }
func (v productOptionValueObject) MarshalJSON() ([]byte, error) { return json.Marshal(v.Name) }

func (v productOptionValueObject) PropertyValue(key values.Value) values.Value {
	switch key.Interface() {
	case "id":
		return values.ValueOf(v.ID)
	case "name":
		return v.name()
	case "selected":
		return values.ValueOf(v.Selected)
	case "available":
		return values.ValueOf(v.Variant != nil && v.Variant.Available)
	case "product_url":
		return values.ValueOf(v.ProductURL)
	case "variant":
		if v.Variant == nil {
			return values.ValueOf(nil)
		}
		return values.ValueOf(v.Variant)
	}
	return v.name().PropertyValue(key)
}

type variantObject struct {
	ID                     int64                            `liquid:"id"`
	Title                  string                           `liquid:"title"`
	SKU                    string                           `liquid:"sku"`
	Price                  int64                            `liquid:"price"`
	CompareAtPrice         *int64                           `liquid:"compare_at_price"`
	Available              bool                             `liquid:"available"`
	InventoryQuantity      int                              `liquid:"inventory_quantity"`
	InventoryPolicy        string                           `liquid:"inventory_policy"`
	Options                []string                         `liquid:"options"`
	Option1                string                           `liquid:"option1"`
	Option2                string                           `liquid:"option2"`
	URL                    string                           `liquid:"url"`
	Image                  *imageObject                     `liquid:"image"`
	FeaturedImage          *imageObject                     `liquid:"featured_image"`
	SellingPlanAllocations []*sellingPlanAllocationObject   `liquid:"selling_plan_allocations"`
	RequiresSellingPlan    bool                             `liquid:"requires_selling_plan"`
	QuantityRule           quantityRule                     `liquid:"quantity_rule"`
	Metafields             map[string]map[string]*metafield `liquid:"metafields"`
	// product is the variant's product, whose title and media its JSON
	// names.
	product *productObject
}

// metafield is a metafield; the theme reads its value.
type metafield struct {
	Value any    `json:"value" liquid:"value"`
	Type  string `json:"type" liquid:"type"`
}

type sellingPlanGroupObject struct {
	ID           string               `json:"id" liquid:"id"`
	Name         string               `json:"name" liquid:"name"`
	SellingPlans []*sellingPlanObject `json:"selling_plans" liquid:"selling_plans"`
}

type sellingPlanObject struct {
	ID                  int64                     `json:"id" liquid:"id"`
	Name                string                    `json:"name" liquid:"name"`
	Description         string                    `json:"description" liquid:"description"`
	Options             []sellingPlanOptionObject `json:"options" liquid:"options"`
	RecurringDeliveries bool                      `json:"recurring_deliveries" liquid:"recurring_deliveries"`
	PriceAdjustments    []any                     `json:"price_adjustments" liquid:"price_adjustments"`
	CheckoutCharge      checkoutChargeObject      `json:"checkout_charge" liquid:"checkout_charge"`
	GroupID             string                    `json:"-" liquid:"group_id"`
}

type sellingPlanOptionObject struct {
	Name     string `json:"name" liquid:"name"`
	Position int    `json:"position" liquid:"position"`
	Value    string `json:"value" liquid:"value"`
}

// checkoutChargeObject is a plan's upfront charge: a percentage of the price,
// or a fixed amount in cents of the presentment currency.
type checkoutChargeObject struct {
	ValueType string  `json:"value_type" liquid:"value_type"`
	Value     float64 `json:"value" liquid:"value"`
}

// sellingPlanAllocationObject is a variant's price under a selling plan.
type sellingPlanAllocationObject struct {
	PriceAdjustments             []any              `json:"price_adjustments" liquid:"price_adjustments"`
	Price                        int64              `json:"price" liquid:"price"`
	CompareAtPrice               *int64             `json:"compare_at_price" liquid:"compare_at_price"`
	PerDeliveryPrice             int64              `json:"per_delivery_price" liquid:"per_delivery_price"`
	SellingPlan                  *sellingPlanObject `json:"selling_plan" liquid:"selling_plan"`
	CheckoutChargeAmount         int64              `json:"-" liquid:"checkout_charge_amount"`
	RemainingBalanceChargeAmount int64              `json:"-" liquid:"remaining_balance_charge_amount"`
	SellingPlanGroupID           string             `json:"-" liquid:"selling_plan_group_id"`
	// The AJAX cart gives the two amounts only for percentage plans; see
	// lineItem.
	CheckoutChargeAmountJSON         *int64 `json:"checkout_charge_amount,omitempty"`
	RemainingBalanceChargeAmountJSON *int64 `json:"remaining_balance_charge_amount,omitempty"`
}

type collectionObject struct {
	ID            int64            `json:"id" liquid:"id"`
	Handle        string           `json:"handle" liquid:"handle"`
	Title         string           `json:"title" liquid:"title"`
	Description   string           `json:"description" liquid:"description"`
	URL           string           `json:"url" liquid:"url"`
	Products      []*productObject `json:"-" liquid:"products"`
	ProductsCount int              `json:"products_count" liquid:"products_count"`
	// AllProductsCount counts the products before the shopper's filters;
	// dev has no filters, so it is ProductsCount.
	AllProductsCount int          `json:"-" liquid:"all_products_count"`
	FeaturedImage    *imageObject `json:"featured_image" liquid:"featured_image"`
}

func (c *collectionObject) page(list string, offset, limit int) (any, int, bool) {
	if list != "products" {
		return nil, 0, false
	}
	paged := *c
	paged.Products = pageOf(c.Products, offset, limit)
	return &paged, len(c.Products), true
}

type searchObject struct {
	Performed    bool             `liquid:"performed"`
	Terms        string           `liquid:"terms"`
	Results      []*productObject `liquid:"results"`
	ResultsCount int              `liquid:"results_count"`
	// Filters is empty: the dev storefront's search has none.
	Filters []any `liquid:"filters"`
}

func (s *searchObject) page(list string, offset, limit int) (any, int, bool) {
	if list != "results" {
		return nil, 0, false
	}
	paged := *s
	paged.Results = pageOf(s.Results, offset, limit)
	return &paged, len(s.Results), true
}

func pageOf[T any](items []T, offset, limit int) []T {
	if offset >= len(items) {
		return nil
	}
	return items[offset:min(len(items), offset+limit)]
}

type pageObject struct {
	ID             int64  `json:"id" liquid:"id"`
	Handle         string `json:"handle" liquid:"handle"`
	Title          string `json:"title" liquid:"title"`
	Content        string `json:"content" liquid:"content"`
	URL            string `json:"url" liquid:"url"`
	TemplateSuffix string `json:"template_suffix" liquid:"template_suffix"`
}

// paginateObject describes the pages of a {% paginate %} block.
type paginateObject struct {
	CurrentPage   int             `liquid:"current_page"`
	CurrentOffset int             `liquid:"current_offset"`
	Items         int             `liquid:"items"`
	PageSize      int             `liquid:"page_size"`
	Pages         int             `liquid:"pages"`
	Previous      *paginatePart   `liquid:"previous"`
	Next          *paginatePart   `liquid:"next"`
	Parts         []*paginatePart `liquid:"parts"`
}

type paginatePart struct {
	Title  string `liquid:"title"`
	URL    string `liquid:"url"`
	IsLink bool   `liquid:"is_link"`
}

func newPaginate(u *url.URL, current, size, items int) *paginateObject {
	pages := max(1, (items+size-1)/size)
	link := func(n int) string {
		if u == nil {
			return "?page=" + strconv.Itoa(n)
		}
		q := u.Query()
		q.Set("page", strconv.Itoa(n))
		return u.Path + "?" + q.Encode()
	}
	p := &paginateObject{CurrentPage: current, CurrentOffset: (current - 1) * size, Items: items, PageSize: size, Pages: pages}
	if current > 1 {
		p.Previous = &paginatePart{Title: "« Previous", URL: link(current - 1), IsLink: true}
	}
	if current < pages {
		p.Next = &paginatePart{Title: "Next »", URL: link(current + 1), IsLink: true}
	}
	for n := 1; n <= pages; n++ {
		p.Parts = append(p.Parts, &paginatePart{Title: strconv.Itoa(n), URL: link(n), IsLink: n != current})
	}
	return p
}

type shopObject struct {
	Name                    string            `json:"name" liquid:"name"`
	URL                     string            `json:"url" liquid:"url"`
	Email                   string            `json:"email" liquid:"email"`
	Description             string            `json:"description" liquid:"description"`
	Currency                string            `json:"currency" liquid:"currency"`
	MoneyFormat             string            `json:"money_format" liquid:"money_format"`
	MoneyWithCurrencyFormat string            `json:"money_with_currency_format" liquid:"money_with_currency_format"`
	EnabledCurrencies       []*currencyObject `json:"enabled_currencies" liquid:"enabled_currencies"`

	// Metafields are the app's metafields on the shop.
	Metafields map[string]map[string]*metafield `json:"-" liquid:"metafields"`
}

type currencyObject struct {
	ISOCode string `json:"iso_code" liquid:"iso_code"`
	Symbol  string `json:"symbol" liquid:"symbol"`
	Name    string `json:"name" liquid:"name"`
}

func newCurrencyObject(c money.Currency) *currencyObject {
	return &currencyObject{ISOCode: string(c), Symbol: c.Info().Symbol, Name: string(c)}
}

type countryObject struct {
	ISOCode  string          `json:"iso_code" liquid:"iso_code"`
	Name     string          `json:"name" liquid:"name"`
	Currency *currencyObject `json:"currency" liquid:"currency"`
}

type languageObject struct {
	ISOCode     string `json:"iso_code" liquid:"iso_code"`
	Name        string `json:"name" liquid:"name"`
	EndonymName string `json:"endonym_name" liquid:"endonym_name"`
	Primary     bool   `json:"primary" liquid:"primary"`
	RootURL     string `json:"root_url" liquid:"root_url"`
}

type localizationObject struct {
	Country            *countryObject    `liquid:"country"`
	AvailableCountries []*countryObject  `liquid:"available_countries"`
	Language           *languageObject   `liquid:"language"`
	AvailableLanguages []*languageObject `liquid:"available_languages"`
}

type requestObject struct {
	Host       string          `liquid:"host"`
	Origin     string          `liquid:"origin"`
	Path       string          `liquid:"path"`
	PageType   string          `liquid:"page_type"`
	Locale     *languageObject `liquid:"locale"`
	DesignMode bool            `liquid:"design_mode"`
}

type routesObject struct {
	RootURL                   string `liquid:"root_url"`
	CartURL                   string `liquid:"cart_url"`
	CartAddURL                string `liquid:"cart_add_url"`
	CartChangeURL             string `liquid:"cart_change_url"`
	CartUpdateURL             string `liquid:"cart_update_url"`
	CartClearURL              string `liquid:"cart_clear_url"`
	AllProductsCollectionURL  string `liquid:"all_products_collection_url"`
	SearchURL                 string `liquid:"search_url"`
	PredictiveSearchURL       string `liquid:"predictive_search_url"`
	ProductRecommendationsURL string `liquid:"product_recommendations_url"`
}

var shopRoutes = &routesObject{
	RootURL: "/", CartURL: "/cart", CartAddURL: "/cart/add", CartChangeURL: "/cart/change",
	CartUpdateURL: "/cart/update", CartClearURL: "/cart/clear",
	AllProductsCollectionURL: "/collections/all", SearchURL: "/search",
	PredictiveSearchURL: "/search/suggest", ProductRecommendationsURL: "/recommendations/products",
}

// predictiveSearchObject is Liquid's predictive_search, what the search box
// suggests as the shopper types: products only in the dev storefront.
type predictiveSearchObject struct {
	Performed bool                        `liquid:"performed"`
	Terms     string                      `liquid:"terms"`
	Resources map[string][]*productObject `liquid:"resources"`
}

// recommendationsObject is Liquid's recommendations, the products Shopify
// recommends beside one.
type recommendationsObject struct {
	Performed     bool             `liquid:"performed"`
	Products      []*productObject `liquid:"products"`
	ProductsCount int              `liquid:"products_count"`
}

type linklistObject struct {
	Handle string        `liquid:"handle"`
	Title  string        `liquid:"title"`
	Links  []*linkObject `liquid:"links"`
}

type linkObject struct {
	Title   string `json:"title" liquid:"title"`
	URL     string `json:"url" liquid:"url"`
	Current bool   `json:"current" liquid:"current"`
}

// knitterObject is a knitter, as a metaobject the product's
// custom.knitter metafield refers to.
type knitterObject struct {
	ID          int64        `json:"id" liquid:"id"`
	Name        string       `json:"name" liquid:"name"`
	Description string       `json:"description" liquid:"description"`
	Avatar      *imageObject `json:"avatar" liquid:"avatar"`
	Photo       *imageObject `json:"photo" liquid:"photo"`
	URL         string       `json:"url" liquid:"url"`
}

// paragraphs turns the catalogue's plain text into the HTML Shopify's
// descriptions hold.
func paragraphs(text string) string {
	if text == "" {
		return ""
	}
	var b strings.Builder
	for p := range strings.SplitSeq(text, "\n\n") {
		b.WriteString("<p>" + html.EscapeString(strings.TrimSpace(p)) + "</p>")
	}
	return b.String()
}

// productObjects builds the Liquid objects of the catalogue in one market,
// each product once per request.
type productObjects struct {
	index    *catalog.Index
	market   money.Market
	products map[int64]*productObject
	// metafields, when set, are the app metafields variants carry.
	metafields Metafields
}

func newProductObjects(index *catalog.Index, market money.Market) *productObjects {
	return &productObjects{index: index, market: market, products: map[int64]*productObject{}}
}

func (b *productObjects) product(p *catalog.Product) *productObject {
	if o, ok := b.products[p.ID]; ok {
		return o
	}
	o := &productObject{
		ID: p.ID, Handle: p.Handle, Title: p.Title, Description: paragraphs(p.Description),
		URL: "/products/" + p.Handle, Type: p.ProductType, Vendor: p.Vendor, Tags: p.Tags,
		Options:    p.Options,
		Metafields: map[string]map[string]*metafield{"custom": {}},
		ObjectType: "product",
	}
	for i, src := range p.Images {
		img := newImage(src, p.Title)
		o.Images = append(o.Images, img)
		o.Media = append(o.Media, newMedia(p.ID, i+1, img))
	}
	if len(o.Images) > 0 {
		o.FeaturedImage, o.FeaturedMedia = o.Images[0], o.Media[0]
	}
	if k, ok := b.index.Knitter(p.KnitterID); ok {
		o.Metafields["custom"]["knitter"] = &metafield{Type: "metaobject_reference", Value: newKnitter(k)}
	}
	group := "knitfront-preorder"
	if len(p.SellingPlans) > 0 {
		g := &sellingPlanGroupObject{ID: group, Name: "Pre-order"}
		for _, plan := range p.SellingPlans {
			g.SellingPlans = append(g.SellingPlans, b.sellingPlan(plan, group))
		}
		o.SellingPlanGroups = []*sellingPlanGroupObject{g}
	}
	first := true
	for i := range p.Variants {
		v := b.variant(p, &p.Variants[i], o)
		if v == nil {
			continue
		}
		o.Variants = append(o.Variants, v)
		if first || v.Price < o.PriceMin {
			o.PriceMin = v.Price
		}
		if first || v.Price > o.PriceMax {
			o.PriceMax = v.Price
		}
		if v.CompareAtPrice != nil && (o.CompareAtPrice == nil || *v.CompareAtPrice < *o.CompareAtPrice) {
			o.CompareAtPrice = v.CompareAtPrice
		}
		if v.Available {
			o.Available = true
			if o.FirstAvailableVariant == nil {
				o.FirstAvailableVariant = v
			}
		}
		first = false
	}
	o.Price, o.PriceVaries = o.PriceMin, o.PriceMin != o.PriceMax
	o.SelectedOrFirstAvailableVariant = o.FirstAvailableVariant
	if o.SelectedOrFirstAvailableVariant == nil && len(o.Variants) > 0 {
		o.SelectedOrFirstAvailableVariant = o.Variants[0]
	}
	o.HasOnlyDefaultVariant = len(o.Variants) == 1 && o.Variants[0].Title == defaultVariantTitle
	for i, name := range p.Options {
		option := &productOptionObject{Name: name, Position: i + 1}
		for _, v := range o.Variants {
			if i < len(v.Options) && !slices.ContainsFunc(option.Values, func(value productOptionValueObject) bool { return value.Name == v.Options[i] }) {
				option.Values = append(option.Values, productOptionValueObject{
					ID: optionValueID(p.ID, i, len(option.Values)), Name: v.Options[i], ProductURL: o.URL,
				})
			}
		}
		o.OptionsWithValues = append(o.OptionsWithValues, option)
	}
	o.RequiresSellingPlan = len(o.Variants) > 0
	for _, v := range o.Variants {
		o.RequiresSellingPlan = o.RequiresSellingPlan && v.RequiresSellingPlan
	}
	b.selectOptions(o)
	b.products[p.ID] = o
	return o
}

// optionValueID is the id of a product's option value, by the option's and
// the value's index: unique within the product, as themes need.
func optionValueID(productID int64, option, value int) int64 {
	return productID*1000 + int64(option+1)*100 + int64(value)
}

// withSelectedVariant returns the product as its page shows it with the
// variant of ?variant= selected, or the one of ?option_values= (the ids of
// one value per option, as Dawn's variant picker asks); unknown ids select
// nothing.
func (b *productObjects) withSelectedVariant(p *catalog.Product, variantID int64, optionValueIDs []int64) *productObject {
	shared := b.product(p)
	o := *shared
	if v := variantOfValues(&o, optionValueIDs); v != nil {
		variantID = v.ID
	}
	for _, v := range o.Variants {
		if v.ID == variantID {
			o.SelectedVariant, o.SelectedOrFirstAvailableVariant = v, v
		}
	}
	o.OptionsWithValues = nil
	for _, option := range shared.OptionsWithValues {
		copied := *option
		copied.Values = slices.Clone(option.Values)
		o.OptionsWithValues = append(o.OptionsWithValues, &copied)
	}
	b.selectOptions(&o)
	return &o
}

// variantOfValues is the variant with the option values of the ids, nil when
// they are not one value of each option or no variant has them.
func variantOfValues(o *productObject, ids []int64) *variantObject {
	if len(ids) != len(o.OptionsWithValues) {
		return nil
	}
	wanted := make([]string, len(ids))
	for i, option := range o.OptionsWithValues {
		at := slices.IndexFunc(option.Values, func(value productOptionValueObject) bool { return value.ID == ids[i] })
		if at < 0 {
			return nil
		}
		wanted[i] = option.Values[at].Name
	}
	return variantWithOptions(o, wanted)
}

func variantWithOptions(o *productObject, options []string) *variantObject {
	for _, v := range o.Variants {
		if slices.Equal(v.Options, options) {
			return v
		}
	}
	return nil
}

// selectOptions marks each option's value of the selected variant, and
// gives each value the variant it leads to beside the selected variant's
// other values.
func (b *productObjects) selectOptions(o *productObject) {
	selected := o.SelectedOrFirstAvailableVariant
	if selected == nil {
		return
	}
	for i, option := range o.OptionsWithValues {
		if i >= len(selected.Options) {
			continue
		}
		option.SelectedValue = selected.Options[i]
		for j := range option.Values {
			value := &option.Values[j]
			value.Selected = value.Name == selected.Options[i]
			options := slices.Clone(selected.Options)
			options[i] = value.Name
			value.Variant = variantWithOptions(o, options)
		}
	}
}

// variant builds a variant's object, nil when it has no price in the market.
func (b *productObjects) variant(p *catalog.Product, v *catalog.Variant, product *productObject) *variantObject {
	price, ok := v.Prices[b.market]
	if !ok {
		return nil
	}
	o := &variantObject{
		ID: v.ID, Title: v.Title, SKU: v.SKU, Price: int64(price.Amount), Available: v.Available(),
		InventoryQuantity: v.Inventory, InventoryPolicy: "deny", Options: v.Options,
		URL:          "/products/" + p.Handle + "?variant=" + strconv.FormatInt(v.ID, 10),
		Image:        newImage(v.Image, p.Title+" – "+v.Title),
		Metafields:   map[string]map[string]*metafield{"custom": {}},
		QuantityRule: defaultQuantityRule,
		product:      product,
	}
	o.FeaturedImage = o.Image
	if len(v.Options) > 0 {
		o.Option1 = v.Options[0]
	}
	if len(v.Options) > 1 {
		o.Option2 = v.Options[1]
	}
	if price.CompareAt > price.Amount {
		compareAt := int64(price.CompareAt)
		o.CompareAtPrice = &compareAt
	}
	b.variantMetafields(o)
	if v.PreorderContent != "" {
		o.Metafields["custom"]["preordercontent"] = &metafield{Type: "single_line_text_field", Value: v.PreorderContent}
	}
	if v.Preorder {
		// A pre-order is sold past its stock, paid through the product's
		// selling plans, as a pre-order app sets it up.
		o.InventoryPolicy = "continue"
		o.RequiresSellingPlan = len(product.SellingPlanGroups) > 0
		for _, g := range product.SellingPlanGroups {
			for _, plan := range g.SellingPlans {
				o.SellingPlanAllocations = append(o.SellingPlanAllocations, b.allocation(p, plan, price.Amount, price.Amount))
			}
		}
	}
	return o
}

func (b *productObjects) sellingPlan(plan catalog.SellingPlan, group string) *sellingPlanObject {
	o := &sellingPlanObject{
		ID: plan.ID, Name: plan.Name, Description: plan.Description,
		Options:          []sellingPlanOptionObject{{Name: "Payment", Position: 1, Value: plan.Name}},
		PriceAdjustments: []any{},
		CheckoutCharge:   checkoutChargeObject{ValueType: string(plan.Charge.ValueType)},
		GroupID:          group,
	}
	if plan.Charge.ValueType == catalog.ChargeFixedAmount {
		o.CheckoutCharge.Value = float64(plan.Charge.Amounts[b.market.Currency()])
	} else {
		o.CheckoutCharge.Value = float64(plan.Charge.Percent) / 100
	}
	return o
}

// rule returns the automatic discount rule with the id, a zero rule when it
// is gone.
func (b *productObjects) rule(id int64) discount.Rule {
	if r, ok := b.index.DiscountRule(id); ok {
		return *r
	}
	return discount.Rule{}
}

// allocation is a variant's price under a plan, with what the plan charges
// at checkout and later.
func (b *productObjects) allocation(p *catalog.Product, plan *sellingPlanObject, price, finalPrice money.Amount) *sellingPlanAllocationObject {
	catalogPlan, _ := p.SellingPlan(plan.ID)
	charge := cart.PlanCharge(*catalogPlan, b.market.Currency(), price, finalPrice)
	return &sellingPlanAllocationObject{
		PriceAdjustments: []any{}, Price: int64(price), PerDeliveryPrice: int64(price), SellingPlan: plan,
		CheckoutChargeAmount: int64(charge.Upfront), RemainingBalanceChargeAmount: int64(charge.Remaining),
		SellingPlanGroupID: plan.GroupID,
	}
}

func newKnitter(k *catalog.Knitter) *knitterObject {
	return &knitterObject{
		ID: k.ID, Name: k.Name, Description: k.Description,
		Avatar: newImage(k.Avatar, k.Name), Photo: newImage(k.Photo, k.Name),
		URL: "/pages/knitters?knitter=" + strconv.FormatInt(k.ID, 10),
	}
}
