package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"

	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// Document is what `knitfront import` reads: a JSON file with any of the
// sections below. A section that is present replaces what the shop had
// (knitters are updated in place instead, since reviews refer to them); a
// section that is absent is left as it is. docs/import.md describes the
// format for a person writing one.
type Document struct {
	Knitters    []Knitter       `json:"knitters,omitempty"`
	Collections []Collection    `json:"collections,omitempty"`
	Products    []Product       `json:"products,omitempty"`
	Discounts   []discount.Rule `json:"discounts,omitempty"`
}

// maxDocumentBytes bounds an import file; the demo catalogue is well under.
const maxDocumentBytes = 32 << 20

// ReadDocument decodes and validates an import document. Unknown fields are
// errors, so a misspelt field is never silently dropped.
func ReadDocument(r io.Reader) (Document, error) {
	dec := json.NewDecoder(io.LimitReader(r, maxDocumentBytes+1))
	dec.DisallowUnknownFields()
	var doc Document
	if err := dec.Decode(&doc); err != nil {
		return Document{}, fmt.Errorf("reading the import document: %w", err)
	}
	if dec.More() {
		return Document{}, errors.New("reading the import document: more than one JSON value")
	}
	if err := doc.Validate(); err != nil {
		return Document{}, err
	}
	return doc, nil
}

var handlePattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Validate reports everything wrong with the document, each problem with the
// path of the field it concerns.
func (d Document) Validate() error {
	var problems []error
	bad := func(path string, format string, args ...any) {
		problems = append(problems, fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...)))
	}
	// Ids are unique per kind of thing, as Shopify's are.
	idChecker := func() func(path string, id int64) {
		seen := map[int64]string{}
		return func(path string, id int64) {
			if id <= 0 {
				bad(path, "id must be a positive number")
				return
			}
			if other, ok := seen[id]; ok {
				bad(path, "id %d is also used by %s", id, other)
				return
			}
			seen[id] = path
		}
	}
	knitterID, collectionID, productID, variantID, planID, ruleID :=
		idChecker(), idChecker(), idChecker(), idChecker(), idChecker(), idChecker()

	knitters := map[int64]bool{}
	for i, k := range d.Knitters {
		path := fmt.Sprintf("knitters[%d]", i)
		knitterID(path+".id", k.ID)
		knitters[k.ID] = true
		if k.Name == "" {
			bad(path+".name", "is required")
		}
	}

	collections := map[string]bool{}
	for i, c := range d.Collections {
		path := fmt.Sprintf("collections[%d]", i)
		collectionID(path+".id", c.ID)
		if !handlePattern.MatchString(c.Handle) {
			bad(path+".handle", "%q must be lower-case letters and digits joined by dashes", c.Handle)
		} else if collections[c.Handle] {
			bad(path+".handle", "%q is used twice", c.Handle)
		}
		collections[c.Handle] = true
		if c.Title == "" {
			bad(path+".title", "is required")
		}
	}

	handles := map[string]bool{}
	for i, p := range d.Products {
		path := fmt.Sprintf("products[%d]", i)
		productID(path+".id", p.ID)
		if !handlePattern.MatchString(p.Handle) {
			bad(path+".handle", "%q must be lower-case letters and digits joined by dashes", p.Handle)
		} else if handles[p.Handle] {
			bad(path+".handle", "%q is used twice", p.Handle)
		}
		handles[p.Handle] = true
		if p.Title == "" {
			bad(path+".title", "is required")
		}
		if p.KnitterID < 0 || (p.KnitterID != 0 && d.Knitters != nil && !knitters[p.KnitterID]) {
			bad(path+".knitter_id", "no knitter has id %d", p.KnitterID)
		}
		for _, h := range p.Collections {
			if d.Collections != nil && !collections[h] {
				bad(path+".collections", "no collection has handle %q", h)
			}
		}
		for j, plan := range p.SellingPlans {
			validatePlan(fmt.Sprintf("%s.selling_plans[%d]", path, j), plan, planID, bad)
		}
		if len(p.Variants) == 0 {
			bad(path+".variants", "a product needs at least one variant")
		}
		for j, v := range p.Variants {
			vpath := fmt.Sprintf("%s.variants[%d]", path, j)
			variantID(vpath+".id", v.ID)
			if len(v.Options) != len(p.Options) {
				bad(vpath+".options", "has %d values for the product's %d options", len(v.Options), len(p.Options))
			}
			if v.Inventory < 0 {
				bad(vpath+".inventory", "must not be negative")
			}
			if v.Preorder && len(p.SellingPlans) == 0 {
				bad(vpath+".preorder", "a pre-order variant needs the product to have selling plans")
			}
			for _, m := range money.Markets {
				price, ok := v.Prices[m]
				if !ok {
					bad(vpath+".prices", "has no price for market %s", m)
				} else if price.Amount <= 0 {
					bad(fmt.Sprintf("%s.prices.%s.amount", vpath, m), "must be above 0")
				}
			}
			for m := range v.Prices {
				if !m.Valid() {
					bad(vpath+".prices", "%q is not one of the markets %v", m, money.Markets)
				}
			}
		}
	}

	for i, r := range d.Discounts {
		path := fmt.Sprintf("discounts[%d]", i)
		if err := r.Validate(); err != nil {
			bad(path, "%v", err)
		} else {
			ruleID(path+".id", r.ID)
		}
		if slices.Contains(r.Targets, 0) {
			bad(path+".targets", "ids must be positive")
		}
	}
	return errors.Join(problems...)
}

func validatePlan(path string, plan SellingPlan, uniqueID func(string, int64), bad func(string, string, ...any)) {
	uniqueID(path+".id", plan.ID)
	if plan.Name == "" {
		bad(path+".name", "is required")
	}
	c := plan.Charge
	switch c.ValueType {
	case ChargePercentage:
		if c.Percent <= 0 || len(c.Amounts) > 0 {
			bad(path+".checkout_charge", "a percentage charge takes a value above 0 and no amounts")
		}
	case ChargeFixedAmount:
		if c.Percent != 0 {
			bad(path+".checkout_charge", "a fixed_amount charge takes amounts, not a value")
		}
		for _, cur := range money.Currencies {
			if c.Amounts[cur] <= 0 {
				bad(path+".checkout_charge.amounts", "needs an amount above 0 for %s", cur)
			}
		}
		for cur := range c.Amounts {
			if !cur.Valid() {
				bad(path+".checkout_charge.amounts", "%q is not one of %v", cur, money.Currencies)
			}
		}
	default:
		bad(path+".checkout_charge.value_type", "must be %q or %q", ChargePercentage, ChargeFixedAmount)
	}
}
