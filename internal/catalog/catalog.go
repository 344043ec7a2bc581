// Package catalog holds the shop's products, variants, prices per market,
// selling plans, collections and knitters, and the import document that
// carries them.
package catalog

import (
	"knitfront/internal/money"
)

// Knitter is a maker of the shop's goods.
type Knitter struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Photo       string `json:"photo"`
	Avatar      string `json:"avatar"`
	Position    int    `json:"position"`
}

// Collection groups products for browsing and for discount scopes.
type Collection struct {
	ID          int64  `json:"id"`
	Handle      string `json:"handle"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// Product is a knitted item for sale in one or more variants.
type Product struct {
	ID          int64    `json:"id"`
	Handle      string   `json:"handle"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	ProductType string   `json:"product_type"`
	Vendor      string   `json:"vendor"`
	KnitterID   int64    `json:"knitter_id,omitempty"`
	Images      []string `json:"images"`
	Tags        []string `json:"tags"`
	// Collections names the handles of the collections the product is in.
	Collections []string `json:"collections"`
	// Options names the variant options, such as ["Colour", "Size"].
	Options      []string      `json:"options"`
	SellingPlans []SellingPlan `json:"selling_plans,omitempty"`
	Variants     []Variant     `json:"variants"`
}

// Variant is one buyable combination of a product's options.
type Variant struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
	SKU   string `json:"sku"`
	// Options holds one value per product option, in the product's order.
	Options   []string `json:"options"`
	Image     string   `json:"image,omitempty"`
	Inventory int      `json:"inventory"`
	// Preorder opens the variant for sale without stock, paid through one of
	// the product's selling plans.
	Preorder bool `json:"preorder,omitempty"`
	// PreorderContent is the custom.preordercontent metafield: the message the
	// pre-order strip shows.
	PreorderContent string                 `json:"preordercontent,omitempty"`
	Prices          map[money.Market]Price `json:"prices"`
}

// Available reports whether the variant is on sale now: in stock, or open
// for pre-order.
func (v Variant) Available() bool { return v.Inventory > 0 || v.Preorder }

// Price is a variant's price in one market, in that market's currency.
type Price struct {
	Amount money.Amount `json:"amount"`
	// CompareAt is the struck-through "was" price; 0 means none.
	CompareAt money.Amount `json:"compare_at,omitempty"`
}

// ChargeType says how a selling plan's upfront checkout charge is given.
type ChargeType string

// The checkout charge types Shopify's selling plans use.
const (
	ChargePercentage  ChargeType = "percentage"
	ChargeFixedAmount ChargeType = "fixed_amount"
)

// SellingPlan is a payment option for a pre-order: part of the price is
// charged at checkout, the rest later.
type SellingPlan struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Charge      Charge `json:"checkout_charge"`
}

// Charge is a selling plan's upfront checkout charge: a percentage of the
// price, or a fixed amount per currency.
type Charge struct {
	ValueType ChargeType                      `json:"value_type"`
	Percent   money.Percent                   `json:"value,omitempty"`
	Amounts   map[money.Currency]money.Amount `json:"amounts,omitempty"`
}
