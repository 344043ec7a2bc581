// Package demo is the demo catalogue of a knitted-goods shop: knitters,
// collections, products with prices in every market, pre-orders with their
// selling plans, and automatic discounts. It is fixed data, the same on every
// call, for trying the storefront and for tests; data/demo/catalog.json is the
// same catalogue as an import document (regenerate it with go generate).
//
// Its pictures are drawn at request time by Images, under ImagePrefix:
//
//	/demo-images/products/{kind}-{colour}.svg   a product, 4:5 (sweater, cardigan, sock, mitten, hat, scarf, blanket)
//	/demo-images/swatches/{colour}.svg          a round yarn swatch, 1:1
//	/demo-images/knitters/{id}-avatar.svg       a knitter's initials in a circle, 1:1
//	/demo-images/knitters/{id}-photo.svg        a knitter at work, 4:3
//
// Ids are Shopify-like: collections have 12 digits (412345600001 on), products
// 13 (8123456000001 on, in list order) and variants 14: variant k of product
// number n is 45123456000000 + n*100 + k, so 45123456000101 is the first
// variant of the first product.
package demo

//go:generate go run ./gen ../../data/demo/catalog.json

import (
	"encoding/json"

	"knitfront/internal/catalog"
)

// ImagePrefix is the path the server mounts Images at; every image URL in the
// catalogue starts with it.
const ImagePrefix = "/demo-images/"

// Catalog returns the demo catalogue. Each call builds it anew, so a caller
// may change what it gets.
func Catalog() catalog.Document {
	collections := collections()
	products := products()
	return catalog.Document{
		Knitters:    knitters(),
		Collections: collections,
		Products:    products,
		Discounts:   discountRules(collections, products),
	}
}

// CatalogJSON is the catalogue as data/demo/catalog.json holds it: indented
// with two spaces, with a trailing newline.
func CatalogJSON() ([]byte, error) {
	b, err := json.MarshalIndent(Catalog(), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

const firstCollectionID = 412345600001

func collections() []catalog.Collection {
	list := []catalog.Collection{
		{Handle: "sweaters", Title: "Sweaters", Description: "Crew necks, turtlenecks and ganseys, knitted slowly to last for years."},
		{Handle: "cardigans", Title: "Cardigans", Description: "Button-up warmth with real wooden buttons and deep pockets."},
		{Handle: "socks", Title: "Socks", Description: "Hand-knitted socks with reinforced heels and toes, from fine merino to thick boot socks."},
		{Handle: "hats-and-mittens", Title: "Hats & Mittens", Description: "Beanies, bobble hats and patterned mittens for frosty mornings."},
		{Handle: "scarves", Title: "Scarves", Description: "Long scarves, cowls and lacy wraps made for Baltic winds."},
		{Handle: "blankets", Title: "Blankets", Description: "Throws and blankets that take weeks to knit and a lifetime to wear out."},
		{Handle: "new-arrivals", Title: "New Arrivals", Description: "Fresh off the needles, and a few pieces knitted to order."},
		{Handle: "gifts", Title: "Gifts", Description: "Small and large presents our knitters love to give."},
	}
	for i := range list {
		list[i].ID = firstCollectionID + int64(i)
	}
	return list
}
