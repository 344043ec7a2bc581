package shopifydev

import (
	"encoding/json"
	"fmt"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// shopCurrency is the stand-in shop's own currency: Shopify gives fixed
// amounts (discounts, deposits) in it alone.
const shopCurrency = money.EUR

// shop is a catalogue document in Shopify's shapes.
type shop struct {
	products    []catalog.Product
	collections map[string]catalog.Collection
	planGroups  []map[string]any
	rules       []discount.Rule
}

func shopOf(doc catalog.Document) shop {
	sh := shop{products: doc.Products, collections: map[string]catalog.Collection{}, rules: doc.Discounts}
	for _, c := range doc.Collections {
		sh.collections[c.Handle] = c
	}
	for _, p := range doc.Products {
		if len(p.SellingPlans) > 0 {
			sh.planGroups = append(sh.planGroups, planGroup(p))
		}
	}
	return sh
}

func gidOf(kind string, id int64) string { return fmt.Sprintf("gid://shopify/%s/%d", kind, id) }

func moneyV2(a money.Amount, c money.Currency) map[string]any {
	return map[string]any{"amount": a.Fixed(), "currencyCode": string(c)}
}

// valueOrNull is a metafield: null when it has no value, as Shopify answers
// for a metafield that is not set.
func valueOrNull(v string) any {
	if v == "" {
		return nil
	}
	return map[string]any{"value": v}
}

// bulkLines is the JSONL file of the products bulk query: each product,
// then its collections, images and variants, each with its __parentId.
func (sh shop) bulkLines() [][]byte {
	var lines [][]byte
	add := func(obj map[string]any, parent string) {
		if parent != "" {
			obj["__parentId"] = parent
		}
		b, err := json.Marshal(obj)
		if err != nil {
			panic(err)
		}
		lines = append(lines, b)
	}
	for _, p := range sh.products {
		pid := gidOf("Product", p.ID)
		add(productFields(p), "")
		for _, h := range p.Collections {
			add(collectionFields(sh.collections[h]), pid)
		}
		for i, url := range p.Images {
			add(imageFields(p, i, url), pid)
		}
		for _, v := range p.Variants {
			add(variantLine(p, v), pid)
		}
	}
	return lines
}

// productNode is the Product query's answer: the product with its
// collections, images, variants and selling plan groups.
func (sh shop) productNode(p catalog.Product) map[string]any {
	node := productFields(p)
	// A connection's nodes are a list, empty rather than null.
	collections, media, variants, groups := []map[string]any{}, []map[string]any{}, []map[string]any{}, []map[string]any{}
	for _, h := range p.Collections {
		collections = append(collections, collectionFields(sh.collections[h]))
	}
	for i, url := range p.Images {
		// Media is an interface: the answer names each medium's type.
		image := imageFields(p, i, url)
		image["__typename"] = "MediaImage"
		media = append(media, image)
	}
	for _, v := range p.Variants {
		variants = append(variants, variantLine(p, v))
	}
	if len(p.SellingPlans) > 0 {
		groups = append(groups, planGroup(p))
	}
	node["collections"] = map[string]any{"nodes": collections}
	node["media"] = map[string]any{"nodes": media}
	node["variants"] = map[string]any{"pageInfo": map[string]any{"hasNextPage": false}, "nodes": variants}
	node["sellingPlanGroups"] = map[string]any{"nodes": groups}
	return node
}

func productFields(p catalog.Product) map[string]any {
	var options []map[string]string
	for _, o := range p.Options {
		options = append(options, map[string]string{"name": o})
	}
	var knitter string
	if p.KnitterID != 0 {
		knitter = fmt.Sprint(p.KnitterID)
	}
	return map[string]any{
		"id": gidOf("Product", p.ID), "handle": p.Handle, "title": p.Title, "description": p.Description,
		"productType": p.ProductType, "vendor": p.Vendor, "tags": p.Tags, "options": options,
		"knitter": valueOrNull(knitter),
	}
}

func collectionFields(c catalog.Collection) map[string]any {
	return map[string]any{"id": gidOf("Collection", c.ID), "handle": c.Handle, "title": c.Title, "description": c.Description}
}

func imageFields(p catalog.Product, i int, url string) map[string]any {
	return map[string]any{"id": gidOf("MediaImage", p.ID*100+int64(i)), "image": map[string]string{"url": url}}
}

func variantLine(p catalog.Product, v catalog.Variant) map[string]any {
	var selected []map[string]string
	for i, value := range v.Options {
		selected = append(selected, map[string]string{"name": p.Options[i], "value": value})
	}
	policy := "DENY"
	if v.Preorder {
		policy = "CONTINUE"
	}
	var image any
	if v.Image != "" {
		image = map[string]string{"url": v.Image}
	}
	line := map[string]any{
		"id": gidOf("ProductVariant", v.ID), "title": v.Title, "sku": v.SKU,
		"availableForSale": v.Available(), "inventoryPolicy": policy, "inventoryQuantity": v.Inventory,
		"selectedOptions": selected, "image": image, "preorderContent": valueOrNull(v.PreorderContent),
	}
	for _, m := range money.Markets {
		price := v.Prices[m]
		var compareAt any
		if price.CompareAt > 0 {
			compareAt = moneyV2(price.CompareAt, m.Currency())
		}
		line[map[money.Market]string{money.LT: "lt", money.AU: "au", money.GB: "gb", money.US: "us"}[m]] = map[string]any{
			"price": moneyV2(price.Amount, m.Currency()), "compareAtPrice": compareAt,
		}
	}
	return line
}

// planGroup is a product's pre-order plans as one selling plan group. A
// fixed deposit is given in the shop's currency, as Shopify keeps it.
func planGroup(p catalog.Product) map[string]any {
	var plans []map[string]any
	for _, sp := range p.SellingPlans {
		trigger := "EXACT_TIME"
		var charge map[string]any
		switch sp.Charge.ValueType {
		case catalog.ChargePercentage:
			if sp.Charge.Percent == 100_00 {
				trigger = "NO_REMAINING_BALANCE"
			}
			charge = map[string]any{"type": "PERCENTAGE", "value": map[string]any{
				"__typename": "SellingPlanCheckoutChargePercentageValue", "percentage": float64(sp.Charge.Percent) / 100,
			}}
		case catalog.ChargeFixedAmount:
			value := moneyV2(sp.Charge.Amounts[shopCurrency], shopCurrency)
			value["__typename"] = "MoneyV2"
			charge = map[string]any{"type": "PRICE", "value": value}
		}
		plans = append(plans, map[string]any{
			"id": gidOf("SellingPlan", sp.ID), "name": sp.Name, "description": sp.Description, "category": "PRE_ORDER",
			"billingPolicy": map[string]any{
				"__typename": "SellingPlanFixedBillingPolicy", "remainingBalanceChargeTrigger": trigger, "checkoutCharge": charge,
			},
		})
	}
	return map[string]any{
		"id": gidOf("SellingPlanGroup", p.ID), "name": "Pre-order",
		"products":     map[string]any{"pageInfo": map[string]any{"hasNextPage": false}, "nodes": []map[string]string{{"id": gidOf("Product", p.ID)}}},
		"sellingPlans": map[string]any{"nodes": plans},
	}
}

// discountNodes are the automatic discounts as the Admin API shows them at
// now, but those limited to markets: 2026-10 shows them with a
// DiscountMarkets context, which knitfront's sync leaves out, and the
// stand-in's own markets are not Shopify's, so it leaves them out itself.
func (sh shop) discountNodes(now time.Time) []map[string]any {
	var nodes []map[string]any
	for _, r := range sh.rules {
		if len(r.Markets) > 0 {
			continue
		}
		nodes = append(nodes, map[string]any{"id": gidOf("DiscountAutomaticNode", r.ID), "discount": basicDiscount(r, now)})
	}
	return nodes
}

func basicDiscount(r discount.Rule, now time.Time) map[string]any {
	status := "ACTIVE"
	switch {
	case now.Before(r.StartsAt):
		status = "SCHEDULED"
	case !r.EndsAt.IsZero() && !now.Before(r.EndsAt):
		status = "EXPIRED"
	}
	var endsAt any
	if !r.EndsAt.IsZero() {
		endsAt = r.EndsAt.UTC().Format(time.RFC3339)
	}
	var value map[string]any
	switch r.ValueType {
	case discount.Percentage:
		value = map[string]any{"__typename": "DiscountPercentage", "percentage": float64(r.Percent) / 10000}
	case discount.FixedAmount:
		value = map[string]any{"__typename": "DiscountAmount", "amount": moneyV2(r.Amounts[shopCurrency], shopCurrency), "appliesOnEachItem": !r.OncePerOrder}
	}
	ids := func(kind string, list []int64) map[string]any {
		nodes := []map[string]string{}
		for _, id := range list {
			nodes = append(nodes, map[string]string{"id": gidOf(kind, id)})
		}
		return map[string]any{"pageInfo": map[string]any{"hasNextPage": false}, "nodes": nodes}
	}
	var items map[string]any
	switch r.Scope {
	case discount.ScopeAll:
		items = map[string]any{"__typename": "AllDiscountItems", "allItems": true}
	case discount.ScopeCollections:
		items = map[string]any{"__typename": "DiscountCollections", "collections": ids("Collection", r.Targets)}
	case discount.ScopeProducts:
		items = map[string]any{"__typename": "DiscountProducts", "products": ids("Product", r.Targets), "productVariants": ids("ProductVariant", nil)}
	case discount.ScopeVariants:
		items = map[string]any{"__typename": "DiscountProducts", "products": ids("Product", nil), "productVariants": ids("ProductVariant", r.Targets)}
	}
	return map[string]any{
		"__typename": "DiscountAutomaticBasic", "title": r.Title, "status": status,
		"startsAt": r.StartsAt.UTC().Format(time.RFC3339), "endsAt": endsAt,
		"context":            map[string]any{"__typename": "DiscountBuyerSelectionAll"},
		"minimumRequirement": nil,
		"customerGets":       map[string]any{"value": value, "items": items},
	}
}
