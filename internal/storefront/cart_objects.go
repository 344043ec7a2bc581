package storefront

import (
	"strconv"

	"knitfront/internal/cart"
	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// cartObject is Liquid's cart and, as JSON, the answer of GET /cart.js: the
// fields Shopify's AJAX cart API gives, money in cents.
type cartObject struct {
	Token                         string            `json:"token" liquid:"token"`
	Note                          string            `json:"note" liquid:"note"`
	Attributes                    map[string]string `json:"attributes" liquid:"attributes"`
	OriginalTotalPrice            int64             `json:"original_total_price" liquid:"original_total_price"`
	TotalPrice                    int64             `json:"total_price" liquid:"total_price"`
	TotalDiscount                 int64             `json:"total_discount" liquid:"total_discount"`
	TotalWeight                   int               `json:"total_weight" liquid:"total_weight"`
	ItemCount                     int               `json:"item_count" liquid:"item_count"`
	Items                         []*lineItemObject `json:"items" liquid:"items"`
	RequiresShipping              bool              `json:"requires_shipping" liquid:"requires_shipping"`
	CurrencyCode                  string            `json:"currency"`
	ItemsSubtotalPrice            int64             `json:"items_subtotal_price" liquid:"items_subtotal_price"`
	CartLevelDiscountApplications []any             `json:"cart_level_discount_applications" liquid:"cart_level_discount_applications"`
	Currency                      *currencyObject   `json:"-" liquid:"currency"`
	// Size is the number of lines, what 'cart == empty' compares (see
	// compareWithEmpty): Shopify finds a cart without lines empty, and
	// Dawn's cart page and drawer show their empty state by it.
	Size int `json:"-" liquid:"size"`
}

// lineItemObject is a cart line: Liquid's line_item, and as JSON an item of
// the AJAX cart.
type lineItemObject struct {
	ID                           int64                        `json:"id" liquid:"id"`
	Properties                   map[string]string            `json:"properties" liquid:"properties"`
	Quantity                     int                          `json:"quantity" liquid:"quantity"`
	VariantID                    int64                        `json:"variant_id" liquid:"variant_id"`
	Key                          string                       `json:"key" liquid:"key"`
	Title                        string                       `json:"title" liquid:"title"`
	Price                        int64                        `json:"price"`
	OriginalPrice                int64                        `json:"original_price" liquid:"original_price"`
	PresentmentPrice             float64                      `json:"presentment_price"`
	DiscountedPrice              int64                        `json:"discounted_price"`
	LinePrice                    int64                        `json:"line_price"`
	OriginalLinePrice            int64                        `json:"original_line_price" liquid:"original_line_price"`
	TotalDiscount                int64                        `json:"total_discount"`
	Discounts                    []lineDiscount               `json:"discounts"`
	SKU                          string                       `json:"sku" liquid:"sku"`
	Grams                        int                          `json:"grams"`
	Vendor                       string                       `json:"vendor" liquid:"vendor"`
	Taxable                      bool                         `json:"taxable"`
	ProductID                    int64                        `json:"product_id" liquid:"product_id"`
	ProductHasOnlyDefaultVariant bool                         `json:"product_has_only_default_variant"`
	GiftCard                     bool                         `json:"gift_card"`
	FinalPrice                   int64                        `json:"final_price" liquid:"final_price"`
	FinalLinePrice               int64                        `json:"final_line_price" liquid:"final_line_price"`
	URL                          string                       `json:"url" liquid:"url"`
	FeaturedImage                *imageObject                 `json:"featured_image"`
	ImageURL                     string                       `json:"image"`
	Handle                       string                       `json:"handle"`
	RequiresShipping             bool                         `json:"requires_shipping"`
	ProductType                  string                       `json:"product_type"`
	ProductTitle                 string                       `json:"product_title"`
	ProductDescription           string                       `json:"product_description"`
	VariantTitle                 *string                      `json:"variant_title"`
	VariantOptions               []string                     `json:"variant_options"`
	OptionsWithValues            []optionValue                `json:"options_with_values" liquid:"options_with_values"`
	LineLevelDiscountAllocations []*discountAllocationObject  `json:"line_level_discount_allocations" liquid:"line_level_discount_allocations"`
	LineLevelTotalDiscount       int64                        `json:"line_level_total_discount" liquid:"line_level_total_discount"`
	QuantityRule                 quantityRule                 `json:"quantity_rule"`
	HasComponents                bool                         `json:"has_components"`
	SellingPlanAllocation        *sellingPlanAllocationObject `json:"selling_plan_allocation,omitempty" liquid:"selling_plan_allocation"`
	Image                        *imageObject                 `json:"-" liquid:"image"`
	Product                      *productObject               `json:"-" liquid:"product"`
	Variant                      *variantObject               `json:"-" liquid:"variant"`
	URLToRemove                  string                       `json:"-" liquid:"url_to_remove"`

	// Index is the line's position in the cart from 0, which Dawn's cart
	// sections number their lines by (CartItem-{index + 1}).
	Index int `json:"-" liquid:"index"`
}

type lineDiscount struct {
	Amount int64  `json:"amount"`
	Title  string `json:"title"`
}

type optionValue struct {
	Name  string `json:"name" liquid:"name"`
	Value string `json:"value" liquid:"value"`
}

// quantityRule is a variant's quantity rule: Shopify gives min 1, no max
// and increment 1 unless the merchant sets one (dev has none to set), and
// Dawn's quantity inputs take their min, max and step from it.
type quantityRule struct {
	Min       int  `json:"min" liquid:"min"`
	Max       *int `json:"max" liquid:"max"`
	Increment int  `json:"increment" liquid:"increment"`
}

// defaultQuantityRule is the rule of a variant with none set.
var defaultQuantityRule = quantityRule{Min: 1, Increment: 1}

type discountAllocationObject struct {
	Amount              int64                      `json:"amount" liquid:"amount"`
	DiscountApplication *discountApplicationObject `json:"discount_application" liquid:"discount_application"`
}

type discountApplicationObject struct {
	Type                 string `json:"type" liquid:"type"`
	Key                  string `json:"key"`
	Title                string `json:"title" liquid:"title"`
	Description          string `json:"description"`
	Value                string `json:"value" liquid:"value"`
	ValueType            string `json:"value_type" liquid:"value_type"`
	AllocationMethod     string `json:"allocation_method"`
	TargetSelection      string `json:"target_selection"`
	TargetType           string `json:"target_type"`
	TotalAllocatedAmount int64  `json:"total_allocated_amount" liquid:"total_allocated_amount"`
}

// newCartObject gives a priced cart Shopify's shape.
func newCartObject(p cart.Priced, products *productObjects) *cartObject {
	attributes := p.Cart.Attributes
	if attributes == nil {
		attributes = map[string]string{}
	}
	o := &cartObject{
		Token: p.Cart.Token, Note: p.Cart.Note, Attributes: attributes,
		OriginalTotalPrice: int64(p.OriginalTotal), TotalPrice: int64(p.Total), TotalDiscount: int64(p.TotalDiscount),
		ItemCount: p.ItemCount, Items: []*lineItemObject{}, RequiresShipping: p.ItemCount > 0,
		CurrencyCode: string(p.Currency), ItemsSubtotalPrice: int64(p.Total),
		CartLevelDiscountApplications: []any{},
		Currency:                      newCurrencyObject(p.Currency),
	}
	for i, line := range p.Lines {
		item := newLineItem(line, products)
		item.Index = i
		o.Items = append(o.Items, item)
	}
	o.Size = len(o.Items)
	return o
}

func newLineItem(l cart.PricedLine, products *productObjects) *lineItemObject {
	product := products.product(l.Product)
	var variant *variantObject
	for _, v := range product.Variants {
		if v.ID == l.VariantID {
			variant = v
		}
	}
	properties := l.Properties
	if properties == nil {
		properties = map[string]string{}
	}
	o := &lineItemObject{
		ID: l.VariantID, Properties: properties, Quantity: l.Quantity, VariantID: l.VariantID, Key: l.Key,
		Title: cart.DisplayTitle(l.Product, l.Variant), Price: int64(l.Price), OriginalPrice: int64(l.Price),
		PresentmentPrice: float64(l.Price) / 100, DiscountedPrice: int64(l.FinalPrice),
		LinePrice: int64(l.FinalLinePrice()), OriginalLinePrice: int64(l.OriginalLinePrice()),
		TotalDiscount: int64(l.LineDiscount()), Discounts: []lineDiscount{},
		SKU: l.Variant.SKU, Vendor: l.Product.Vendor, Taxable: true, ProductID: l.Product.ID,
		ProductHasOnlyDefaultVariant: product.HasOnlyDefaultVariant,
		FinalPrice:                   int64(l.FinalPrice), FinalLinePrice: int64(l.FinalLinePrice()),
		URL: variant.URL, Handle: l.Product.Handle, RequiresShipping: true,
		ProductType: l.Product.ProductType, ProductTitle: l.Product.Title, ProductDescription: l.Product.Description,
		VariantOptions: l.Variant.Options, LineLevelDiscountAllocations: []*discountAllocationObject{},
		LineLevelTotalDiscount: int64(l.LineDiscount()), QuantityRule: defaultQuantityRule,
		Product: product, Variant: variant,
		URLToRemove: "/cart/change?id=" + l.Key + "&quantity=0",
	}
	o.Image = variant.Image
	if o.Image == nil {
		o.Image = product.FeaturedImage
	}
	if o.Image != nil {
		o.FeaturedImage, o.ImageURL = o.Image, o.Image.URL
	}
	if !product.HasOnlyDefaultVariant {
		title := l.Variant.Title
		o.VariantTitle = &title
	}
	for i, name := range l.Product.Options {
		if i < len(l.Variant.Options) {
			o.OptionsWithValues = append(o.OptionsWithValues, optionValue{Name: name, Value: l.Variant.Options[i]})
		}
	}
	if l.Discount.Amount > 0 {
		o.Discounts = append(o.Discounts, lineDiscount{Amount: int64(l.LineDiscount()), Title: l.Discount.Title})
		o.LineLevelDiscountAllocations = append(o.LineLevelDiscountAllocations, &discountAllocationObject{
			Amount:              int64(l.LineDiscount()),
			DiscountApplication: newDiscountApplication(l.Discount, products.rule(l.Discount.RuleID), products.market.Currency(), l.LineDiscount()),
		})
	}
	if l.Plan != nil {
		plan := products.sellingPlan(*l.Plan, "knitfront-preorder")
		a := products.allocation(l.Product, plan, l.Price, l.FinalPrice)
		// Shopify's AJAX cart answers both ways: with the two charge amounts,
		// and with only the plan's checkout_charge, leaving the widget to work
		// them out. This stand-in gives them for percentage plans and leaves
		// them out for fixed-amount plans, so each path of the widget is used.
		if l.Plan.Charge.ValueType != catalog.ChargeFixedAmount {
			a.CheckoutChargeAmountJSON = &a.CheckoutChargeAmount
			a.RemainingBalanceChargeAmountJSON = &a.RemainingBalanceChargeAmount
		}
		o.SellingPlanAllocation = a
	}
	return o
}

// newDiscountApplication describes the automatic discount behind a line's
// discount, as its rule gives it.
func newDiscountApplication(d discount.Result, rule discount.Rule, currency money.Currency, lineTotal money.Amount) *discountApplicationObject {
	a := &discountApplicationObject{
		Type: "automatic", Key: "automatic-" + strconv.FormatInt(d.RuleID, 10), Title: d.Title, Description: d.Title,
		ValueType: string(discount.Percentage), Value: d.Percent.String(),
		AllocationMethod: "across", TargetSelection: "entitled", TargetType: "line_item",
		TotalAllocatedAmount: int64(lineTotal),
	}
	if rule.ValueType == discount.FixedAmount {
		a.ValueType, a.Value = string(discount.FixedAmount), rule.Amounts[currency].String()
	}
	return a
}
