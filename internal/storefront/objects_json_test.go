package storefront

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"knitfront/internal/cart"
	"knitfront/internal/catalog"
	"knitfront/internal/money"
)

// jsonTestCatalog holds a hat in two sizes, the small one on sale and
// showing the second picture, a pre-order scarf paid 10% upfront, and a
// blanket without options.
func jsonTestCatalog() *catalog.Index {
	lt := func(amount, compareAt money.Amount) map[money.Market]catalog.Price {
		return map[money.Market]catalog.Price{money.LT: {Amount: amount, CompareAt: compareAt}}
	}
	return catalog.NewIndex(catalog.Document{
		Collections: []catalog.Collection{{ID: 5, Handle: "hats", Title: "Hats", Description: "Warm"}},
		Products: []catalog.Product{
			{ID: 7, Handle: "lamb-hat", Title: "Lamb Hat", ProductType: "Hat", Vendor: "Knitfront", Tags: []string{"wool"},
				Images: []string{"/p/hat.svg", "/p/hat-back.svg"}, Collections: []string{"hats"}, Options: []string{"Size"},
				Variants: []catalog.Variant{
					{ID: 71, Title: "S", SKU: "HAT-S", Options: []string{"S"}, Image: "/p/hat-back.svg", Inventory: 3, Prices: lt(40_00, 45_00)},
					{ID: 72, Title: "M", SKU: "HAT-M", Options: []string{"M"}, Inventory: 0, Prices: lt(42_00, 0)},
				}},
			{ID: 8, Handle: "fog-scarf", Title: "Fog Scarf", Options: []string{"Colour"},
				SellingPlans: []catalog.SellingPlan{{ID: 801, Name: "Deposit", Description: "10% now",
					Charge: catalog.Charge{ValueType: catalog.ChargePercentage, Percent: 10_00}}},
				Variants: []catalog.Variant{{ID: 81, Title: "Grey", Options: []string{"Grey"}, Preorder: true, Prices: lt(150_00, 0)}}},
			{ID: 9, Handle: "blanket", Title: "Blanket",
				Variants: []catalog.Variant{{ID: 91, Title: defaultVariantTitle, Inventory: 1, Prices: lt(99_00, 0)}}},
		},
	})
}

func TestJSONFilterPrintsShopifysJSON(t *testing.T) {
	index := jsonTestCatalog()
	products := newProductObjects(index, money.LT)
	product := func(handle string) *productObject {
		p, _ := index.Product(handle)
		return products.product(p)
	}
	priced := cart.Price(cart.Cart{Token: "c1", Lines: []cart.Line{
		{VariantID: 71, Quantity: 2},
		{VariantID: 81, Quantity: 1, SellingPlanID: 801},
	}}, money.LT, index, nil)
	cartObject := newCartObject(priced, products)
	collection := &collectionObject{ID: 5, Handle: "hats", Title: "Hats", Description: "Warm", URL: "/collections/hats",
		Products: []*productObject{product("lamb-hat")}, ProductsCount: 1, FeaturedImage: product("lamb-hat").FeaturedImage}

	for _, test := range []struct {
		name   string
		object any
		// want holds the fields to check, each as the JSON it prints.
		want map[string]string
		// absent names fields Shopify leaves out.
		absent []string
	}{
		{name: "Product", object: product("lamb-hat"), want: map[string]string{
			"id": `7`, "handle": `"lamb-hat"`, "title": `"Lamb Hat"`, "type": `"Hat"`, "vendor": `"Knitfront"`, "tags": `["wool"]`,
			"price": `4000`, "price_min": `4000`, "price_max": `4200`, "price_varies": `true`, "available": `true`,
			"compare_at_price": `4500`, "compare_at_price_min": `4500`, "compare_at_price_max": `4500`, "compare_at_price_varies": `false`,
			"url": `"/products/lamb-hat"`, "images": `["/p/hat.svg","/p/hat-back.svg"]`, "featured_image": `"/p/hat.svg"`,
			"options":               `[{"name":"Size","position":1,"values":["S","M"]}]`,
			"requires_selling_plan": `false`, "selling_plan_groups": `[]`,
		}, absent: []string{"metafields", "ID", "Price"}},
		{name: "ProductWithOnlyTheDefaultVariant", object: product("blanket"), want: map[string]string{
			"images": `[]`, "featured_image": `null`, "compare_at_price": `null`, "compare_at_price_min": `0`, "options": `[]`,
		}},
		{name: "Variant", object: product("lamb-hat").SelectedOrFirstAvailableVariant, want: map[string]string{
			"id": `71`, "title": `"S"`, "option1": `"S"`, "option2": `null`, "option3": `null`, "options": `["S"]`,
			"sku": `"HAT-S"`, "available": `true`, "name": `"Lamb Hat - S"`, "public_title": `"S"`,
			"price": `4000`, "compare_at_price": `4500`, "requires_selling_plan": `false`, "selling_plan_allocations": `[]`,
			"featured_image": `{"id":702,"product_id":7,"position":2,"alt":"Lamb Hat","width":800,"height":1000,"src":"/p/hat-back.svg","variant_ids":[71]}`,
			"featured_media": `{"id":702,"media_type":"image","position":2,"alt":"Lamb Hat","aspect_ratio":0.8,"width":800,"height":1000,"src":"/p/hat-back.svg"}`,
		}, absent: []string{"inventory_quantity", "metafields", "url"}},
		{name: "SoldOutVariant", object: product("lamb-hat").Variants[1], want: map[string]string{
			"id": `72`, "available": `false`, "compare_at_price": `null`, "featured_image": `null`, "featured_media": `null`,
		}},
		{name: "DefaultVariant", object: product("blanket").Variants[0], want: map[string]string{
			"title": `"Default Title"`, "public_title": `null`, "name": `"Blanket"`, "option1": `null`, "options": `[]`,
		}},
		{name: "PreorderVariant", object: product("fog-scarf").Variants[0], want: map[string]string{
			"requires_selling_plan": `true`,
			"selling_plan_allocations": `[{"price_adjustments":[],"price":15000,"compare_at_price":null,"per_delivery_price":15000,` +
				`"selling_plan_id":801,"selling_plan_group_id":"knitfront-preorder","checkout_charge_amount":1500,"remaining_balance_charge_amount":13500}]`,
		}},
		{name: "PreorderProduct", object: product("fog-scarf"), want: map[string]string{
			"requires_selling_plan": `true`,
			"selling_plan_groups": `[{"id":"knitfront-preorder","name":"Pre-order","selling_plans":[{"id":801,"name":"Deposit","description":"10% now",` +
				`"options":[{"name":"Payment","position":1,"value":"Deposit"}],"recurring_deliveries":false,"price_adjustments":[],` +
				`"checkout_charge":{"value_type":"percentage","value":10}}]}]`,
		}},
		{name: "Cart", object: cartObject, want: map[string]string{
			"token": `"c1"`, "item_count": `3`, "total_price": `23000`, "original_total_price": `23000`, "currency": `"EUR"`,
		}},
		{name: "LineItem", object: cartObject.Items[0], want: map[string]string{
			"id": `71`, "variant_id": `71`, "product_id": `7`, "quantity": `2`, "price": `4000`, "final_line_price": `8000`,
			"title": `"Lamb Hat - S"`, "variant_title": `"S"`, "url": `"/products/lamb-hat?variant=71"`,
			"options_with_values": `[{"name":"Size","value":"S"}]`,
		}, absent: []string{"selling_plan_allocation", "product", "variant"}},
		{name: "SellingPlanAllocation", object: cartObject.Items[1].SellingPlanAllocation, want: map[string]string{
			"price": `15000`, "per_delivery_price": `15000`, "checkout_charge_amount": `1500`, "remaining_balance_charge_amount": `13500`,
			"selling_plan": `{"id":801,"name":"Deposit","description":"10% now","options":[{"name":"Payment","position":1,"value":"Deposit"}],` +
				`"recurring_deliveries":false,"price_adjustments":[],"checkout_charge":{"value_type":"percentage","value":10}}`,
		}},
		{name: "Collection", object: collection, want: map[string]string{
			"id": `5`, "handle": `"hats"`, "title": `"Hats"`, "description": `"Warm"`, "url": `"/collections/hats"`, "products_count": `1`,
		}, absent: []string{"products"}},
		{name: "Image", object: product("lamb-hat").FeaturedImage, want: map[string]string{
			"url": `"/p/hat.svg"`, "alt": `"Lamb Hat"`, "width": `800`, "height": `1000`, "aspect_ratio": `0.8`,
		}},
	} {
		t.Run(test.name, func(t *testing.T) {
			page := renderTestPage(t, map[string]string{"sections/main.liquid": `<script>{{ object | json }}</script>`},
				money.EUR, map[string]any{"object": test.object})
			printed := page[strings.Index(page, "<script>")+len("<script>") : strings.Index(page, "</script>")]
			var fields map[string]json.RawMessage
			if err := json.Unmarshal([]byte(printed), &fields); err != nil {
				t.Fatalf("%v in %s", err, printed)
			}
			for name, want := range test.want {
				if got := string(fields[name]); got != want {
					t.Errorf("%s: got %s, want %s", name, got, want)
				}
			}
			for _, name := range test.absent {
				if _, ok := fields[name]; ok {
					t.Errorf("%s is printed; Shopify leaves it out", name)
				}
			}
		})
	}
}

func TestProductOptionValuesPrintAsTheirNames(t *testing.T) {
	index := jsonTestCatalog()
	hat, _ := index.Product("lamb-hat")
	for _, test := range []struct {
		name           string
		variantID      int64
		optionValueIDs []int64
		want           string
	}{
		{name: "FirstAvailableVariant", want: `S:7100:true:true:71:S|M:7101:false:false:72:|`},
		{name: "Variant", variantID: 72, want: `S:7100:true:false:71:|M:7101:false:true:72:M|`},
		{name: "OptionValues", optionValueIDs: []int64{7101}, want: `S:7100:true:false:71:|M:7101:false:true:72:M|`},
		{name: "UnknownOptionValues", optionValueIDs: []int64{9}, want: `S:7100:true:true:71:S|M:7101:false:false:72:|`},
	} {
		t.Run(test.name, func(t *testing.T) {
			product := newProductObjects(index, money.LT).withSelectedVariant(hat, test.variantID, test.optionValueIDs)
			page := renderTestPage(t, map[string]string{"sections/main.liquid": `{% for value in product.options_with_values[0].values %}` +
				`{{ value | escape }}:{{ value.id }}:{{ value.available }}:{{ value.selected }}:{{ value.variant.id }}:` +
				`{% if value == product.selected_or_first_available_variant.option1 %}{{ value | json | remove: '"' }}{% endif %}|{% endfor %}`},
				money.EUR, map[string]any{"product": product})
			want := `<html><div id="shopify-section-template--page__main" class="shopify-section">` + test.want + `</div></html>`
			if page != want {
				t.Errorf("got  %s\nwant %s", page, want)
			}
		})
	}
}

func TestOptionValueIDs(t *testing.T) {
	for _, test := range []struct {
		list string
		want []int64
	}{
		{"", nil},
		{"7100", []int64{7100}},
		{"7100,7201", []int64{7100, 7201}},
		{"7100,x", nil},
	} {
		if got := optionValueIDs(test.list); !slices.Equal(got, test.want) {
			t.Errorf("optionValueIDs(%q) = %v, want %v", test.list, got, test.want)
		}
	}
}
