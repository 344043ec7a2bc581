package shopify

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

const (
	productLine = `{"id":"gid://shopify/Product/1","handle":"harbour-sweater","title":"Harbour sweater","options":[{"name":"Size"}]}`
	variantLine = `{"id":"gid://shopify/ProductVariant/11","title":"M","sku":"H-M","availableForSale":true,"inventoryPolicy":"DENY","inventoryQuantity":3,"selectedOptions":[{"name":"Size","value":"M"}],"__parentId":"gid://shopify/Product/1",` +
		`"lt":{"price":{"amount":"120.0","currencyCode":"EUR"},"compareAtPrice":null},"au":{"price":{"amount":"199.00","currencyCode":"AUD"},"compareAtPrice":null},` +
		`"gb":{"price":{"amount":"99.5","currencyCode":"GBP"},"compareAtPrice":null},"us":{"price":{"amount":"129","currencyCode":"USD"},"compareAtPrice":{"amount":"149.00","currencyCode":"USD"}}}`
	collectionLine = `{"id":"gid://shopify/Collection/5","handle":"sweaters","title":"Sweaters","__parentId":"gid://shopify/Product/1"}`
)

func TestBulkLines(t *testing.T) {
	for _, test := range []struct {
		name        string
		lines       []string
		wantVariant bool
		wantSkip    string
	}{
		{"a product with its variant", []string{productLine, collectionLine, variantLine}, true, ""},
		{"a variant before its product", []string{variantLine, productLine}, false, "was not read before it"},
		{"a variant without a market's price", []string{productLine, strings.Replace(variantLine, `"gb":{"price":{"amount":"99.5","currencyCode":"GBP"},"compareAtPrice":null}`, `"gb":null`, 1)}, false, "no price for market GB"},
		{"a variant priced in another currency", []string{productLine, strings.Replace(variantLine, `"currencyCode":"GBP"`, `"currencyCode":"EUR"`, 1)}, false, "knitfront's GB market sells in GBP"},
		{"an object the query does not ask for", []string{productLine, `{"id":"gid://shopify/Video/3","__parentId":"gid://shopify/Product/1"}`, variantLine}, true, "a Video is not something the query asks for"},
		{"a line that is not JSON", []string{productLine, `{"id":`, variantLine}, true, "not an object the query asks for"},
		{"a non-image medium answers nothing", []string{productLine, `{"__parentId":"gid://shopify/Product/1"}`, variantLine}, true, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			b := newBuilder(nil)
			for _, l := range test.lines {
				b.addLine([]byte(l))
			}
			doc, skipped := build(t, b)
			gotVariant := len(doc.Products) == 1 && len(doc.Products[0].Variants) == 1
			if gotVariant != test.wantVariant {
				t.Errorf("variant kept: %v, want %v (skipped %v)", gotVariant, test.wantVariant, skipped)
			}
			if test.wantSkip == "" && len(skipped) > 0 && test.wantVariant {
				t.Errorf("skipped %v, want nothing", skipped)
			}
			if test.wantSkip != "" && !strings.Contains(joinSkipped(skipped), test.wantSkip) {
				t.Errorf("skipped %v, want a reason containing %q", skipped, test.wantSkip)
			}
		})
	}
}

func TestBulkVariantPrices(t *testing.T) {
	b := newBuilder(nil)
	for _, l := range []string{productLine, collectionLine, variantLine} {
		b.addLine([]byte(l))
	}
	doc, _ := build(t, b)
	v := doc.Products[0].Variants[0]
	want := map[money.Market][2]money.Amount{money.LT: {12000, 0}, money.AU: {19900, 0}, money.GB: {9950, 0}, money.US: {12900, 14900}}
	for m, w := range want {
		if got := v.Prices[m]; got.Amount != w[0] || got.CompareAt != w[1] {
			t.Errorf("%s: %+v, want %v", m, got, w)
		}
	}
	if doc.Products[0].Collections[0] != "sweaters" || doc.Collections[0].ID != 5 {
		t.Errorf("collections %v / %v", doc.Products[0].Collections, doc.Collections)
	}
}

// discountJSON is an automatic discount node; parts replace its defaults.
func discountJSON(typename, value, items, extra string) string {
	return `{"id":"gid://shopify/DiscountAutomaticNode/9","discount":{"__typename":"` + typename + `","title":"Test","status":"ACTIVE","startsAt":"2025-01-01T00:00:00Z","endsAt":null,` +
		`"context":{"__typename":"DiscountBuyerSelectionAll"}` + extra + `,"customerGets":{"value":` + value + `,"items":` + items + `}}}`
}

const (
	tenPercent = `{"__typename":"DiscountPercentage","percentage":0.1}`
	allItems   = `{"__typename":"AllDiscountItems","allItems":true}`
)

func TestDiscounts(t *testing.T) {
	for _, test := range []struct {
		name     string
		node     string
		wantRule *discount.Rule
		wantSkip string
	}{
		{
			name:     "percentage on everything",
			node:     discountJSON("DiscountAutomaticBasic", tenPercent, allItems, ""),
			wantRule: &discount.Rule{ValueType: discount.Percentage, Percent: 10_00, Scope: discount.ScopeAll},
		},
		{
			name:     "amount on a product, in the shop's currency only",
			node:     discountJSON("DiscountAutomaticBasic", `{"__typename":"DiscountAmount","amount":{"amount":"5.0","currencyCode":"EUR"},"appliesOnEachItem":true}`, `{"__typename":"DiscountProducts","products":{"nodes":[{"id":"gid://shopify/Product/1"}]},"productVariants":{"nodes":[]}}`, ""),
			wantRule: &discount.Rule{ValueType: discount.FixedAmount, Amounts: map[money.Currency]money.Amount{money.EUR: 500}, Scope: discount.ScopeProducts, Targets: []int64{1}},
			wantSkip: "shown in EUR only",
		},
		{
			name:     "an amount taken once across the order",
			node:     discountJSON("DiscountAutomaticBasic", `{"__typename":"DiscountAmount","amount":{"amount":"12.5","currencyCode":"EUR"},"appliesOnEachItem":false}`, allItems, ""),
			wantRule: &discount.Rule{ValueType: discount.FixedAmount, Amounts: map[money.Currency]money.Amount{money.EUR: 1250}, OncePerOrder: true, Scope: discount.ScopeAll},
			wantSkip: "shown in EUR only",
		},
		{
			name:     "products and variants become variants",
			node:     discountJSON("DiscountAutomaticBasic", tenPercent, `{"__typename":"DiscountProducts","products":{"nodes":[{"id":"gid://shopify/Product/1"}]},"productVariants":{"nodes":[{"id":"gid://shopify/ProductVariant/77"}]}}`, ""),
			wantRule: &discount.Rule{ValueType: discount.Percentage, Percent: 10_00, Scope: discount.ScopeVariants, Targets: []int64{77, 11}},
		},
		{
			name:     "a minimum subtotal some variants reach",
			node:     discountJSON("DiscountAutomaticBasic", tenPercent, allItems, `,"minimumRequirement":{"__typename":"DiscountMinimumSubtotal","greaterThanOrEqualToSubtotal":{"amount":"100.0","currencyCode":"EUR"}}`),
			wantRule: &discount.Rule{ValueType: discount.Percentage, Percent: 10_00, Scope: discount.ScopeVariants, Targets: []int64{11}, Markets: []money.Market{money.LT}},
			wantSkip: "shown only on the 1 variants priced at least that in EUR",
		},
		{
			name:     "a minimum subtotal above every price",
			node:     discountJSON("DiscountAutomaticBasic", tenPercent, allItems, `,"minimumRequirement":{"__typename":"DiscountMinimumSubtotal","greaterThanOrEqualToSubtotal":{"amount":"500.0","currencyCode":"EUR"}}`),
			wantSkip: "above the price of every variant it covers",
		},
		{
			name:     "a minimum quantity of 2",
			node:     discountJSON("DiscountAutomaticBasic", tenPercent, allItems, `,"minimumRequirement":{"__typename":"DiscountMinimumQuantity","greaterThanOrEqualToQuantity":"2"}`),
			wantSkip: "needs 2 items in the cart",
		},
		{name: "buy X get Y", node: discountJSON("DiscountAutomaticBxgy", "null", "null", ""), wantSkip: "buy X get Y"},
		{name: "free shipping", node: discountJSON("DiscountAutomaticFreeShipping", "null", "null", ""), wantSkip: "free shipping"},
		{name: "an app's discount", node: discountJSON("DiscountAutomaticApp", "null", "null", ""), wantSkip: "function at checkout"},
		{name: "an unknown kind", node: discountJSON("DiscountAutomaticSomethingNew", "null", "null", ""), wantSkip: "Shopify answered something knitfront cannot read"},
		{name: "no discount at all", node: `{"id":"gid://shopify/DiscountAutomaticNode/9","discount":null}`, wantSkip: "no discount could be read"},
		{name: "some markets only", node: strings.Replace(discountJSON("DiscountAutomaticBasic", tenPercent, allItems, ""), "DiscountBuyerSelectionAll", "DiscountMarkets", 1), wantSkip: "limited to some markets"},
		{name: "some customers only", node: strings.Replace(discountJSON("DiscountAutomaticBasic", tenPercent, allItems, ""), "DiscountBuyerSelectionAll", "DiscountCustomerSegments", 1), wantSkip: "some customers only"},
		{name: "a value without its amount", node: discountJSON("DiscountAutomaticBasic", `{"__typename":"DiscountAmount","amount":null}`, allItems, ""), wantSkip: "has no amount"},
		{name: "an unknown value", node: discountJSON("DiscountAutomaticBasic", `{"__typename":"DiscountOnQuantity"}`, allItems, ""), wantSkip: "which no single price can show"},
		{name: "unknown items", node: discountJSON("DiscountAutomaticBasic", tenPercent, `{"__typename":"DiscountItemsSomethingNew"}`, ""), wantSkip: "Shopify answered something knitfront cannot read"},
	} {
		t.Run(test.name, func(t *testing.T) {
			b := newBuilder(nil)
			for _, l := range []string{productLine, collectionLine, variantLine} {
				b.addLine([]byte(l))
			}
			var n DiscountNode
			if decodeNode(b, json.RawMessage(test.node), &n) {
				b.discounts = append(b.discounts, n)
			}
			doc, skipped := build(t, b)
			if test.wantRule == nil {
				if len(doc.Discounts) != 0 {
					t.Errorf("rules %+v, want none", doc.Discounts)
				}
			} else {
				if len(doc.Discounts) != 1 {
					t.Fatalf("rules %+v, want one (skipped %v)", doc.Discounts, skipped)
				}
				got, want := doc.Discounts[0], *test.wantRule
				if got.ID != 9 || got.ValueType != want.ValueType || got.Percent != want.Percent || got.OncePerOrder != want.OncePerOrder || got.Scope != want.Scope ||
					!slices.Equal(got.Targets, want.Targets) || !slices.Equal(got.Markets, want.Markets) || len(got.Amounts) != len(want.Amounts) {
					t.Errorf("rule %+v, want %+v", got, want)
				}
				for c, a := range want.Amounts {
					if got.Amounts[c] != a {
						t.Errorf("amount %s = %d, want %d", c, got.Amounts[c], a)
					}
				}
			}
			if test.wantSkip == "" && len(skipped) > 0 {
				t.Errorf("skipped %v, want nothing", skipped)
			}
			if test.wantSkip != "" && !strings.Contains(joinSkipped(skipped), test.wantSkip) {
				t.Errorf("skipped %v, want a reason containing %q", skipped, test.wantSkip)
			}
		})
	}
}

func TestSellingPlans(t *testing.T) {
	group := func(category, charge string) string {
		return `{"id":"gid://shopify/SellingPlanGroup/1","name":"Pre-order","products":{"pageInfo":{"hasNextPage":false},"nodes":[{"id":"gid://shopify/Product/1"}]},` +
			`"sellingPlans":{"nodes":[{"id":"gid://shopify/SellingPlan/31","name":"Deposit","category":"` + category + `","billingPolicy":{"__typename":"SellingPlanFixedBillingPolicy","checkoutCharge":` + charge + `}}]}}`
	}
	const tenPercentCharge = `{"type":"PERCENTAGE","value":{"__typename":"SellingPlanCheckoutChargePercentageValue","percentage":10.0}}`
	for _, test := range []struct {
		name, group  string
		wantPercent  money.Percent
		wantPreorder bool
		wantSkip     string
	}{
		{name: "a 10% deposit", group: group("PRE_ORDER", tenPercentCharge), wantPercent: 10_00, wantPreorder: true},
		{name: "a subscription", group: group("SUBSCRIPTION", tenPercentCharge), wantSkip: "not PRE_ORDER"},
		{name: "a fixed deposit", group: group("PRE_ORDER", `{"type":"PRICE","value":{"__typename":"MoneyV2","amount":"40.0","currencyCode":"EUR"}}`), wantSkip: "charges a fixed 40.0 EUR"},
		{name: "no checkout charge", group: group("PRE_ORDER", "null"), wantSkip: "no fixed billing policy"},
		{name: "an unknown charge", group: group("PRE_ORDER", `{"type":"X","value":{"__typename":"SomethingNew"}}`), wantSkip: "gid://shopify/SellingPlanGroup/1: Shopify answered something knitfront cannot read"},
	} {
		t.Run(test.name, func(t *testing.T) {
			b := newBuilder(nil)
			continuing := strings.Replace(variantLine, `"DENY"`, `"CONTINUE"`, 1)
			for _, l := range []string{productLine, continuing} {
				b.addLine([]byte(l))
			}
			var g SellingPlanGroupFields
			if decodeNode(b, json.RawMessage(test.group), &g) {
				b.addPlanGroup(g)
			}
			doc, skipped := build(t, b)
			p := doc.Products[0]
			gotPercent := money.Percent(0)
			if len(p.SellingPlans) == 1 {
				gotPercent = p.SellingPlans[0].Charge.Percent
			}
			if gotPercent != test.wantPercent || p.Variants[0].Preorder != test.wantPreorder {
				t.Errorf("plans %+v, pre-order %v", p.SellingPlans, p.Variants[0].Preorder)
			}
			if test.wantSkip != "" && !strings.Contains(joinSkipped(skipped), test.wantSkip) {
				t.Errorf("skipped %v, want a reason containing %q", skipped, test.wantSkip)
			}
		})
	}
}

func TestAProductTheCatalogueCannotTakeStopsTheProducts(t *testing.T) {
	b := newBuilder(nil)
	for _, l := range []string{strings.Replace(productLine, `"harbour-sweater"`, `"Harbour Sweater"`, 1), variantLine} {
		b.addLine([]byte(l))
	}
	shop, err := b.shop()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := shop.Document(); err == nil || !strings.Contains(err.Error(), `"Harbour Sweater"`) {
		t.Errorf("err = %v, want one naming the product's handle", err)
	}
}

// build finishes what b read as a sync does, into one document.
func build(t *testing.T, b *builder) (catalog.Document, []Skipped) {
	t.Helper()
	shop, err := b.shop()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := shop.Document()
	if err != nil {
		t.Fatal(err)
	}
	return doc, shop.Skipped
}

func joinSkipped(list []Skipped) string {
	var parts []string
	for _, s := range list {
		parts = append(parts, s.String())
	}
	return strings.Join(parts, "\n")
}

// TestAPlanGroupShopifyAnswersInAnUnknownShapeIsSkippedAlone: the other
// groups of its page, and the next page, are read.
func TestAPlanGroupShopifyAnswersInAnUnknownShapeIsSkippedAlone(t *testing.T) {
	group := func(id int, valueType string) string {
		return fmt.Sprintf(`{"id":"gid://shopify/SellingPlanGroup/%d","name":"Pre-order","products":{"pageInfo":{"hasNextPage":false},"nodes":[{"id":"gid://shopify/Product/1"}]},`+
			`"sellingPlans":{"nodes":[{"id":"gid://shopify/SellingPlan/%d","name":"Deposit","category":"PRE_ORDER","billingPolicy":{"__typename":"SellingPlanFixedBillingPolicy",`+
			`"checkoutCharge":{"type":"PERCENTAGE","value":{"__typename":"%s","percentage":10.0}}}}]}}`, id, 30+id, valueType)
	}
	page := func(hasNext bool, groups ...string) reply {
		return reply{status: 200, body: fmt.Sprintf(`{"data":{"sellingPlanGroups":{"pageInfo":{"hasNextPage":%v,"endCursor":"c"},"nodes":[%s]}}}`, hasNext, strings.Join(groups, ","))}
	}
	srv, calls := scripted(t, []reply{
		page(true, group(1, "SomethingNew"), group(2, "SellingPlanCheckoutChargePercentageValue")),
		page(false, group(3, "SellingPlanCheckoutChargePercentageValue")),
	})
	c, err := NewClient(srv.URL, StaticToken("shpat_test"))
	if err != nil {
		t.Fatal(err)
	}
	b := newBuilder(nil)
	b.addLine([]byte(productLine))
	if err := c.readPlanGroups(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	var plans []int64
	for _, p := range b.productAt[1].SellingPlans {
		plans = append(plans, p.ID)
	}
	if !slices.Equal(plans, []int64{32, 33}) || *calls != 2 {
		t.Errorf("plans %v read in %d requests, want [32 33] in 2", plans, *calls)
	}
	if len(b.skipped) != 1 || b.skipped[0].Item != "gid://shopify/SellingPlanGroup/1" || !strings.Contains(b.skipped[0].Reason, `"SomethingNew"`) {
		t.Errorf("skipped %v, want group 1 named with the kind Shopify answered", b.skipped)
	}
}
