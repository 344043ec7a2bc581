package storefront

import (
	"html"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"knitfront/internal/cart"
	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// The Liquid objects of Shopify's storefront that the theme reads. Each is a
// struct whose `liquid` tags name its properties as Shopify does; money is
// in cents of the presentment currency. The cart's objects also carry `json`
// tags: they are the AJAX cart API's answers and `{{ cart | json }}`.

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
}

type productOptionObject struct {
	Name          string   `liquid:"name"`
	Position      int      `liquid:"position"`
	Values        []string `liquid:"values"`
	SelectedValue string   `liquid:"selected_value"`
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
	Metafields             map[string]map[string]*metafield `liquid:"metafields"`
}

// metafield is a metafield; the theme reads its value.
type metafield struct {
	Value any    `liquid:"value"`
	Type  string `liquid:"type"`
}

type sellingPlanGroupObject struct {
	ID           string               `liquid:"id"`
	Name         string               `liquid:"name"`
	SellingPlans []*sellingPlanObject `liquid:"selling_plans"`
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
	ID            int64            `liquid:"id"`
	Handle        string           `liquid:"handle"`
	Title         string           `liquid:"title"`
	Description   string           `liquid:"description"`
	URL           string           `liquid:"url"`
	Products      []*productObject `liquid:"products"`
	ProductsCount int              `liquid:"products_count"`
	FeaturedImage *imageObject     `liquid:"featured_image"`
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
	ID             int64  `liquid:"id"`
	Handle         string `liquid:"handle"`
	Title          string `liquid:"title"`
	Content        string `liquid:"content"`
	URL            string `liquid:"url"`
	TemplateSuffix string `liquid:"template_suffix"`
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
	Name                    string            `liquid:"name"`
	URL                     string            `liquid:"url"`
	Email                   string            `liquid:"email"`
	Description             string            `liquid:"description"`
	Currency                string            `liquid:"currency"`
	MoneyFormat             string            `liquid:"money_format"`
	MoneyWithCurrencyFormat string            `liquid:"money_with_currency_format"`
	EnabledCurrencies       []*currencyObject `liquid:"enabled_currencies"`
}

type currencyObject struct {
	ISOCode string `liquid:"iso_code"`
	Symbol  string `liquid:"symbol"`
	Name    string `liquid:"name"`
}

type countryObject struct {
	ISOCode  string          `liquid:"iso_code"`
	Name     string          `liquid:"name"`
	Currency *currencyObject `liquid:"currency"`
}

type languageObject struct {
	ISOCode     string `liquid:"iso_code"`
	Name        string `liquid:"name"`
	EndonymName string `liquid:"endonym_name"`
	Primary     bool   `liquid:"primary"`
	RootURL     string `liquid:"root_url"`
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
	RootURL                  string `liquid:"root_url"`
	CartURL                  string `liquid:"cart_url"`
	CartAddURL               string `liquid:"cart_add_url"`
	CartChangeURL            string `liquid:"cart_change_url"`
	CartUpdateURL            string `liquid:"cart_update_url"`
	CartClearURL             string `liquid:"cart_clear_url"`
	AllProductsCollectionURL string `liquid:"all_products_collection_url"`
	SearchURL                string `liquid:"search_url"`
}

var shopRoutes = &routesObject{
	RootURL: "/", CartURL: "/cart", CartAddURL: "/cart/add", CartChangeURL: "/cart/change",
	CartUpdateURL: "/cart/update", CartClearURL: "/cart/clear",
	AllProductsCollectionURL: "/collections/all", SearchURL: "/search",
}

type linklistObject struct {
	Handle string        `liquid:"handle"`
	Title  string        `liquid:"title"`
	Links  []*linkObject `liquid:"links"`
}

type linkObject struct {
	Title   string `liquid:"title"`
	URL     string `liquid:"url"`
	Current bool   `liquid:"current"`
}

// knitterObject is a knitter, as a metaobject the product's
// custom.knitter metafield refers to.
type knitterObject struct {
	ID          int64        `liquid:"id"`
	Name        string       `liquid:"name"`
	Description string       `liquid:"description"`
	Avatar      *imageObject `liquid:"avatar"`
	Photo       *imageObject `liquid:"photo"`
	URL         string       `liquid:"url"`
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
	}
	for _, src := range p.Images {
		o.Images = append(o.Images, newImage(src, p.Title))
	}
	if len(o.Images) > 0 {
		o.FeaturedImage = o.Images[0]
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
		v := b.variant(p, &p.Variants[i], o.SellingPlanGroups)
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
	o.HasOnlyDefaultVariant = len(o.Variants) == 1 && o.Variants[0].Title == "Default Title"
	for i, name := range p.Options {
		option := &productOptionObject{Name: name, Position: i + 1}
		for _, v := range o.Variants {
			if i < len(v.Options) && !slices.Contains(option.Values, v.Options[i]) {
				option.Values = append(option.Values, v.Options[i])
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

// withSelectedVariant returns the product as its page shows it with the
// variant of ?variant= selected; an unknown id selects nothing.
func (b *productObjects) withSelectedVariant(p *catalog.Product, variantID int64) *productObject {
	o := *b.product(p)
	for _, v := range o.Variants {
		if v.ID == variantID {
			o.SelectedVariant, o.SelectedOrFirstAvailableVariant = v, v
		}
	}
	o.OptionsWithValues = nil
	for _, option := range b.product(p).OptionsWithValues {
		copied := *option
		o.OptionsWithValues = append(o.OptionsWithValues, &copied)
	}
	b.selectOptions(&o)
	return &o
}

func (b *productObjects) selectOptions(o *productObject) {
	if o.SelectedOrFirstAvailableVariant == nil {
		return
	}
	for i, option := range o.OptionsWithValues {
		if i < len(o.SelectedOrFirstAvailableVariant.Options) {
			option.SelectedValue = o.SelectedOrFirstAvailableVariant.Options[i]
		}
	}
}

// variant builds a variant's object, nil when it has no price in the market.
func (b *productObjects) variant(p *catalog.Product, v *catalog.Variant, groups []*sellingPlanGroupObject) *variantObject {
	price, ok := v.Prices[b.market]
	if !ok {
		return nil
	}
	o := &variantObject{
		ID: v.ID, Title: v.Title, SKU: v.SKU, Price: int64(price.Amount), Available: v.Available(),
		InventoryQuantity: v.Inventory, InventoryPolicy: "deny", Options: v.Options,
		URL:        "/products/" + p.Handle + "?variant=" + strconv.FormatInt(v.ID, 10),
		Image:      newImage(v.Image, p.Title+" – "+v.Title),
		Metafields: map[string]map[string]*metafield{"custom": {}},
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
	if v.PreorderContent != "" {
		o.Metafields["custom"]["preordercontent"] = &metafield{Type: "single_line_text_field", Value: v.PreorderContent}
	}
	if v.Preorder {
		// A pre-order is sold past its stock, paid through the product's
		// selling plans, as a pre-order app sets it up.
		o.InventoryPolicy = "continue"
		o.RequiresSellingPlan = len(groups) > 0
		for _, g := range groups {
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
