package catalog

import "knitfront/internal/discount"

// Index finds a catalogue's products, variants, collections and knitters by
// handle or id. It is built once from a document and only read after, so it
// is safe for concurrent use; the document must not change once indexed.
type Index struct {
	doc          Document
	products     map[string]*Product
	variants     map[int64]variantOf
	collections  map[string]*Collection
	inCollection map[string][]*Product
	knitters     map[int64]*Knitter
	rules        map[int64]*discount.Rule
}

type variantOf struct {
	product *Product
	variant *Variant
}

// NewIndex indexes doc.
func NewIndex(doc Document) *Index {
	x := &Index{
		doc:          doc,
		products:     make(map[string]*Product, len(doc.Products)),
		variants:     map[int64]variantOf{},
		collections:  make(map[string]*Collection, len(doc.Collections)),
		inCollection: map[string][]*Product{},
		knitters:     make(map[int64]*Knitter, len(doc.Knitters)),
		rules:        make(map[int64]*discount.Rule, len(doc.Discounts)),
	}
	for i := range doc.Discounts {
		x.rules[doc.Discounts[i].ID] = &doc.Discounts[i]
	}
	for i := range doc.Collections {
		x.collections[doc.Collections[i].Handle] = &doc.Collections[i]
	}
	for i := range doc.Knitters {
		x.knitters[doc.Knitters[i].ID] = &doc.Knitters[i]
	}
	for i := range doc.Products {
		p := &doc.Products[i]
		x.products[p.Handle] = p
		for j := range p.Variants {
			x.variants[p.Variants[j].ID] = variantOf{p, &p.Variants[j]}
		}
		for _, handle := range p.Collections {
			x.inCollection[handle] = append(x.inCollection[handle], p)
		}
	}
	return x
}

// Products returns every product in catalogue order.
func (x *Index) Products() []*Product {
	out := make([]*Product, len(x.doc.Products))
	for i := range x.doc.Products {
		out[i] = &x.doc.Products[i]
	}
	return out
}

// Product returns the product with the handle.
func (x *Index) Product(handle string) (*Product, bool) {
	p, ok := x.products[handle]
	return p, ok
}

// Variant returns the variant with the id and its product.
func (x *Index) Variant(id int64) (*Product, *Variant, bool) {
	v, ok := x.variants[id]
	return v.product, v.variant, ok
}

// Collections returns every collection in catalogue order.
func (x *Index) Collections() []*Collection {
	out := make([]*Collection, len(x.doc.Collections))
	for i := range x.doc.Collections {
		out[i] = &x.doc.Collections[i]
	}
	return out
}

// Collection returns the collection with the handle.
func (x *Index) Collection(handle string) (*Collection, bool) {
	c, ok := x.collections[handle]
	return c, ok
}

// ProductsIn returns the products of a collection in catalogue order.
func (x *Index) ProductsIn(handle string) []*Product { return x.inCollection[handle] }

// Knitters returns every knitter in catalogue order.
func (x *Index) Knitters() []*Knitter {
	out := make([]*Knitter, len(x.doc.Knitters))
	for i := range x.doc.Knitters {
		out[i] = &x.doc.Knitters[i]
	}
	return out
}

// Knitter returns the knitter with the id.
func (x *Index) Knitter(id int64) (*Knitter, bool) {
	k, ok := x.knitters[id]
	return k, ok
}

// DiscountRule returns the automatic discount rule with the id.
func (x *Index) DiscountRule(id int64) (*discount.Rule, bool) {
	r, ok := x.rules[id]
	return r, ok
}

// SellingPlan returns the product's selling plan with the id.
func (p *Product) SellingPlan(id int64) (*SellingPlan, bool) {
	for i := range p.SellingPlans {
		if p.SellingPlans[i].ID == id {
			return &p.SellingPlans[i], true
		}
	}
	return nil, false
}
