package storefront

import (
	"encoding/json"
	"slices"
)

// The JSON Shopify prints for a product or a variant with `| json`, the shape
// of its /products/{handle}.js: Liquid names, money in cents of the
// presentment currency. Themes' scripts read it, Dawn's variant picker among
// them.

type productJSON struct {
	ID                   int64                     `json:"id"`
	Title                string                    `json:"title"`
	Handle               string                    `json:"handle"`
	Description          string                    `json:"description"`
	Vendor               string                    `json:"vendor"`
	Type                 string                    `json:"type"`
	Tags                 []string                  `json:"tags"`
	Price                int64                     `json:"price"`
	PriceMin             int64                     `json:"price_min"`
	PriceMax             int64                     `json:"price_max"`
	Available            bool                      `json:"available"`
	PriceVaries          bool                      `json:"price_varies"`
	CompareAtPrice       *int64                    `json:"compare_at_price"`
	CompareAtPriceMin    int64                     `json:"compare_at_price_min"`
	CompareAtPriceMax    int64                     `json:"compare_at_price_max"`
	CompareAtPriceVaries bool                      `json:"compare_at_price_varies"`
	Variants             []*variantObject          `json:"variants"`
	Images               []string                  `json:"images"`
	FeaturedImage        *string                   `json:"featured_image"`
	Options              []*productOptionObject    `json:"options"`
	Media                []*mediaObject            `json:"media"`
	RequiresSellingPlan  bool                      `json:"requires_selling_plan"`
	SellingPlanGroups    []*sellingPlanGroupObject `json:"selling_plan_groups"`
	URL                  string                    `json:"url"`
	Content              string                    `json:"content"`
}

func (p *productObject) MarshalJSON() ([]byte, error) {
	o := productJSON{
		ID: p.ID, Title: p.Title, Handle: p.Handle, Description: p.Description, Vendor: p.Vendor, Type: p.Type,
		Tags: nonNil(p.Tags), Price: p.Price, PriceMin: p.PriceMin, PriceMax: p.PriceMax,
		Available: p.Available, PriceVaries: p.PriceVaries, CompareAtPrice: p.CompareAtPrice,
		Variants: nonNil(p.Variants), Images: []string{}, Options: nonNil(p.OptionsWithValues),
		Media: nonNil(p.Media), RequiresSellingPlan: p.RequiresSellingPlan,
		SellingPlanGroups: nonNil(p.SellingPlanGroups), URL: p.URL, Content: p.Description,
	}
	for _, img := range p.Images {
		o.Images = append(o.Images, img.URL)
	}
	if p.FeaturedImage != nil {
		o.FeaturedImage = &p.FeaturedImage.URL
	}
	var compareAt []int64
	for _, v := range p.Variants {
		if v.CompareAtPrice != nil {
			compareAt = append(compareAt, *v.CompareAtPrice)
		}
	}
	if len(compareAt) > 0 {
		o.CompareAtPriceMin, o.CompareAtPriceMax = slices.Min(compareAt), slices.Max(compareAt)
		o.CompareAtPriceVaries = o.CompareAtPriceMin != o.CompareAtPriceMax
	}
	return json.Marshal(o)
}

type variantJSON struct {
	ID                     int64                   `json:"id"`
	Title                  string                  `json:"title"`
	Option1                *string                 `json:"option1"`
	Option2                *string                 `json:"option2"`
	Option3                *string                 `json:"option3"`
	SKU                    string                  `json:"sku"`
	RequiresShipping       bool                    `json:"requires_shipping"`
	Taxable                bool                    `json:"taxable"`
	FeaturedImage          *variantImageJSON       `json:"featured_image"`
	Available              bool                    `json:"available"`
	Name                   string                  `json:"name"`
	PublicTitle            *string                 `json:"public_title"`
	Options                []string                `json:"options"`
	Price                  int64                   `json:"price"`
	Weight                 int                     `json:"weight"`
	CompareAtPrice         *int64                  `json:"compare_at_price"`
	InventoryManagement    string                  `json:"inventory_management"`
	Barcode                string                  `json:"barcode"`
	FeaturedMedia          *mediaObject            `json:"featured_media"`
	RequiresSellingPlan    bool                    `json:"requires_selling_plan"`
	SellingPlanAllocations []variantAllocationJSON `json:"selling_plan_allocations"`
	QuantityRule           quantityRule            `json:"quantity_rule"`
}

// variantImageJSON is a variant's featured_image: the product's image it
// shows, with that image's media id.
type variantImageJSON struct {
	ID         int64   `json:"id"`
	ProductID  int64   `json:"product_id"`
	Position   int     `json:"position"`
	Alt        string  `json:"alt"`
	Width      int     `json:"width"`
	Height     int     `json:"height"`
	Src        string  `json:"src"`
	VariantIDs []int64 `json:"variant_ids"`
}

// variantAllocationJSON is a variant's price under a selling plan, which
// names its plan by id (a cart line's allocation carries the whole plan).
type variantAllocationJSON struct {
	PriceAdjustments             []any  `json:"price_adjustments"`
	Price                        int64  `json:"price"`
	CompareAtPrice               *int64 `json:"compare_at_price"`
	PerDeliveryPrice             int64  `json:"per_delivery_price"`
	SellingPlanID                int64  `json:"selling_plan_id"`
	SellingPlanGroupID           string `json:"selling_plan_group_id"`
	CheckoutChargeAmount         int64  `json:"checkout_charge_amount"`
	RemainingBalanceChargeAmount int64  `json:"remaining_balance_charge_amount"`
}

func (v *variantObject) MarshalJSON() ([]byte, error) {
	o := variantJSON{
		ID: v.ID, Title: v.Title, SKU: v.SKU, RequiresShipping: true, Taxable: true, Available: v.Available,
		Name: v.Title, Options: nonNil(v.Options), Price: v.Price, CompareAtPrice: v.CompareAtPrice,
		InventoryManagement: "shopify", RequiresSellingPlan: v.RequiresSellingPlan,
		SellingPlanAllocations: []variantAllocationJSON{}, QuantityRule: defaultQuantityRule,
	}
	for i, option := range []**string{&o.Option1, &o.Option2, &o.Option3} {
		if i < len(v.Options) {
			*option = &v.Options[i]
		}
	}
	if v.Title != defaultVariantTitle {
		o.PublicTitle = &v.Title
	}
	if v.product != nil {
		o.Name = v.product.Title
		if o.PublicTitle != nil {
			o.Name += " - " + v.Title
		}
		o.FeaturedMedia = v.product.mediaShowing(v.FeaturedImage)
	}
	if m := o.FeaturedMedia; m != nil {
		o.FeaturedImage = &variantImageJSON{
			ID: m.ID, ProductID: v.product.ID, Position: m.Position, Alt: m.Alt,
			Width: m.Width, Height: m.Height, Src: m.Src, VariantIDs: []int64{v.ID},
		}
	}
	for _, a := range v.SellingPlanAllocations {
		o.SellingPlanAllocations = append(o.SellingPlanAllocations, variantAllocationJSON{
			PriceAdjustments: a.PriceAdjustments, Price: a.Price, CompareAtPrice: a.CompareAtPrice,
			PerDeliveryPrice: a.PerDeliveryPrice, SellingPlanID: a.SellingPlan.ID, SellingPlanGroupID: a.SellingPlanGroupID,
			CheckoutChargeAmount: a.CheckoutChargeAmount, RemainingBalanceChargeAmount: a.RemainingBalanceChargeAmount,
		})
	}
	return json.Marshal(o)
}

// mediaShowing is the product's media of the image, nil when the image is
// not among the product's.
func (p *productObject) mediaShowing(img *imageObject) *mediaObject {
	if img == nil {
		return nil
	}
	for _, m := range p.Media {
		if m.Src == img.URL {
			return m
		}
	}
	return nil
}

// nonNil is the list, empty rather than nil so that it prints as [].
func nonNil[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}
