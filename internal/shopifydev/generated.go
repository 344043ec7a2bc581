package shopifydev

import (
	"fmt"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// A generated shop's collections and automatic discounts.
const (
	generatedCollections = 40
	// GeneratedDiscounts is how many automatic discounts a generated shop has.
	GeneratedDiscounts = 20
	// Every preorderEvery-th product sells its variants as pre-orders
	// through a selling plan, so that a sync also pages through plan groups.
	preorderEvery = 100
)

// Ids start at Shopify-like sizes, one range per kind.
const (
	firstProductID    = 8_000_000_000
	firstVariantID    = 45_000_000_000
	firstCollectionID = 400_000_000
	firstPlanID       = 690_000_000
	firstRuleID       = 1_100_000_000
)

// A generated variant's options: a colour and a size, so that a product has
// up to ten variants.
var (
	generatedColours = []string{"Oat", "Cream", "Charcoal", "Moss", "Rust"}
	generatedSizes   = []string{"S", "L"}
)

// Generated is a shop of any size for benchmarks: products of
// variantsPerProduct variants each (at most 10), priced in every market, in
// collections, some on pre-order, and GeneratedDiscounts automatic
// discounts of every scope, scheduled, running or ended at now.
func Generated(products, variantsPerProduct int, now time.Time) catalog.Document {
	doc := catalog.Document{}
	for c := range generatedCollections {
		doc.Collections = append(doc.Collections, catalog.Collection{
			ID: firstCollectionID + int64(c), Handle: fmt.Sprintf("collection-%02d", c),
			Title: fmt.Sprintf("Collection %d", c), Description: "Generated for the sync benchmark.",
		})
	}
	for i := range products {
		doc.Products = append(doc.Products, generatedProduct(i, variantsPerProduct))
	}
	doc.Discounts = generatedDiscounts(doc, now)
	return doc
}

func generatedProduct(i, variants int) catalog.Product {
	id := firstProductID + int64(i)
	p := catalog.Product{
		ID: id, Handle: fmt.Sprintf("knit-%05d", i), Title: fmt.Sprintf("Knit %d", i),
		Description: "A generated knit with a description of about the length a shop writes for one.",
		ProductType: "Hat", Vendor: "knitfront bench", Tags: []string{"wool", "generated"},
		Images:      []string{fmt.Sprintf("https://cdn.example.com/knit-%05d.jpg", i)},
		Collections: []string{fmt.Sprintf("collection-%02d", i%generatedCollections), fmt.Sprintf("collection-%02d", (i+7)%generatedCollections)},
		Options:     []string{"Colour", "Size"},
	}
	preorder := i%preorderEvery == 0
	if preorder {
		p.SellingPlans = []catalog.SellingPlan{{
			ID: firstPlanID + int64(i), Name: "Pre-order, half now", Description: "Half at checkout, the rest when it ships.",
			Charge: catalog.Charge{ValueType: catalog.ChargePercentage, Percent: 50_00},
		}}
	}
	base := money.Amount(2000 + 100*(i%50))
	for j := range variants {
		colour, size := generatedColours[j/len(generatedSizes)], generatedSizes[j%len(generatedSizes)]
		v := catalog.Variant{
			ID: firstVariantID + int64(i*variants+j), Title: colour + " / " + size,
			SKU: fmt.Sprintf("KN-%05d-%d", i, j), Options: []string{colour, size},
			Inventory: (i + j) % 7, Prices: map[money.Market]catalog.Price{},
		}
		if preorder {
			v.Inventory, v.Preorder, v.PreorderContent = 0, true, "Ships in March"
		}
		for _, m := range money.Markets {
			price := catalog.Price{Amount: base + money.Amount(j*50)}
			if j == 0 {
				price.CompareAt = price.Amount + 500
			}
			v.Prices[m] = price
		}
		p.Variants = append(p.Variants, v)
	}
	return p
}

// generatedDiscounts are percentage discounts over all items, collections,
// products and variants, a few scheduled or ended, with targets spread over
// the shop.
func generatedDiscounts(doc catalog.Document, now time.Time) []discount.Rule {
	var rules []discount.Rule
	for d := range GeneratedDiscounts {
		r := discount.Rule{
			ID: firstRuleID + int64(d), Title: fmt.Sprintf("Generated discount %d", d),
			ValueType: discount.Percentage, Percent: money.Percent(500 + 100*d),
			StartsAt: now.Add(-24 * time.Hour).UTC().Truncate(time.Second),
		}
		switch d % 4 {
		case 0:
			r.Scope = discount.ScopeAll
			r.StartsAt = now.Add(time.Duration(d) * time.Hour).UTC().Truncate(time.Second)
		case 1:
			r.Scope = discount.ScopeCollections
			r.Targets = []int64{doc.Collections[d].ID, doc.Collections[d+1].ID}
		case 2:
			r.Scope = discount.ScopeProducts
			for k := range 50 {
				r.Targets = append(r.Targets, doc.Products[(d*97+k*13)%len(doc.Products)].ID)
			}
		case 3:
			r.Scope = discount.ScopeVariants
			for k := range 50 {
				p := doc.Products[(d*89+k*17)%len(doc.Products)]
				r.Targets = append(r.Targets, p.Variants[k%len(p.Variants)].ID)
			}
		}
		if d%5 == 4 {
			r.EndsAt = r.StartsAt.Add(48 * time.Hour)
		}
		rules = append(rules, r)
	}
	return rules
}
