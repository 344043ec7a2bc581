// Package cart is a shopper's cart as Shopify keeps it: lines of variants
// with quantities, properties and selling plans, a note and attributes. It
// holds the changes Shopify's cart API makes and the arithmetic that prices
// a cart in a market; it knows neither HTTP nor SQL.
package cart

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"knitfront/internal/catalog"
)

// Cart is a shopper's cart. Lines are in Shopify's order: the line added
// last comes first.
type Cart struct {
	Token      string
	Note       string
	Attributes map[string]string
	Lines      []Line
	// Buyer is who the cart is for, as the Storefront API's buyerIdentity
	// gives it; the AJAX cart takes the market from the request instead.
	Buyer Buyer
}

// Buyer is the Storefront API's buyer identity of a cart.
type Buyer struct {
	CountryCode, Email, Phone string
}

// Line is one line of a cart: a quantity of a variant with the same
// properties and selling plan. Adding the same again raises the quantity.
type Line struct {
	VariantID     int64
	Quantity      int
	Properties    map[string]string
	SellingPlanID int64 // 0: bought without a selling plan
}

// Key identifies a line as Shopify's line keys do, "variantId:hash": the
// same variant with other properties or another selling plan is another line.
func (l Line) Key() string {
	h := sha256.New()
	fmt.Fprintf(h, "plan=%d\n", l.SellingPlanID)
	for _, name := range slices.Sorted(maps.Keys(l.Properties)) {
		fmt.Fprintf(h, "%q=%q\n", name, l.Properties[name])
	}
	return strconv.FormatInt(l.VariantID, 10) + ":" + hex.EncodeToString(h.Sum(nil))[:32]
}

// tokenBytes is the randomness of a cart token: 128 bits, as hex.
const tokenBytes = 16

// NewToken returns a new random cart token.
func NewToken() string {
	b := make([]byte, tokenBytes)
	_, _ = rand.Read(b) // never fails on supported platforms
	return hex.EncodeToString(b)
}

// ValidToken reports whether s has the form NewToken gives, so that a token
// from a cookie or an id is never used unchecked.
func ValidToken(s string) bool {
	if len(s) != 2*tokenBytes {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return true
}

// Catalogue finds a variant and its product; *catalog.Index implements it.
type Catalogue interface {
	Variant(id int64) (*catalog.Product, *catalog.Variant, bool)
}

// Limits on what a shopper may put into a cart.
const (
	MaxLineQuantity = 10_000
	MaxLines        = 250
	MaxNoteRunes    = 5_000
	MaxProperties   = 50
	MaxNameRunes    = 255
	MaxValueRunes   = 1_000
)

// Reason says why the cart refused a change.
type Reason int

// The reasons a change is refused; the storefront maps each to Shopify's
// status code.
const (
	UnknownVariant Reason = iota + 1
	SoldOut
	NotEnoughStock
	SellingPlanRequired
	SellingPlanNotAvailable
	UnknownLine
	InvalidInput
)

// Refusal is a change the cart refused, with a description for the shopper
// in Shopify's words. Nothing changed.
type Refusal struct {
	Reason      Reason
	Description string
}

func (r *Refusal) Error() string { return r.Description }

func refuse(reason Reason, format string, args ...any) *Refusal {
	return &Refusal{Reason: reason, Description: fmt.Sprintf(format, args...)}
}

// Item is a variant to add, as /cart/add.js and cartLinesAdd take it.
type Item struct {
	VariantID     int64
	Quantity      int
	Properties    map[string]string
	SellingPlanID int64
}

// Add adds the items, each to the line with the same key or to a new line
// put first, and returns the keys of the lines it touched in the order of
// the items. Either every item is added or, with a *Refusal, none is.
func (c *Cart) Add(cat Catalogue, items []Item) ([]string, error) {
	next := c.clone()
	keys := make([]string, 0, len(items))
	for _, item := range items {
		key, err := next.add(cat, item)
		if err != nil {
			return nil, err
		}
		keys = append(keys, key)
	}
	if err := next.check(cat); err != nil {
		return nil, err
	}
	*c = next
	return keys, nil
}

// LineRef names a line as /cart/change.js does: by its key, by the id of its
// variant (the first line of that variant), or by its place from 1.
type LineRef struct {
	Key       string
	VariantID int64
	Number    int
}

// Change sets the quantity of a line, removing it at 0. Non-nil properties
// or selling plan id (0 for none) replace the line's, which may merge it
// into another line.
func (c *Cart) Change(cat Catalogue, ref LineRef, quantity int, properties map[string]string, sellingPlanID *int64) error {
	i, err := c.find(ref)
	if err != nil {
		return err
	}
	if quantity < 0 || quantity > MaxLineQuantity {
		return refuse(InvalidInput, "Quantity must be between 0 and %d.", MaxLineQuantity)
	}
	next := c.clone()
	if quantity == 0 {
		next.Lines = slices.Delete(next.Lines, i, i+1)
		*c = next
		return nil
	}
	line := next.Lines[i]
	line.Quantity = quantity
	if properties != nil {
		line.Properties = properties
	}
	if sellingPlanID != nil {
		line.SellingPlanID = *sellingPlanID
	}
	if err := checkLine(cat, line); err != nil {
		return err
	}
	next.Lines[i] = line
	if j := next.lineIndexOther(line.Key(), i); j >= 0 {
		next.Lines[j].Quantity += line.Quantity
		next.Lines = slices.Delete(next.Lines, i, i+1)
	}
	if err := next.check(cat); err != nil {
		return err
	}
	*c = next
	return nil
}

// SetQuantities applies /cart/update.js's updates: each names a line by key
// or a variant by id with its new quantity (0 removes). A variant not in the
// cart is added. All or nothing, like Add.
func (c *Cart) SetQuantities(cat Catalogue, updates map[string]int) error {
	next := c.clone()
	// Keys sorted, so that the outcome never depends on map order.
	for _, id := range slices.Sorted(maps.Keys(updates)) {
		quantity := updates[id]
		if quantity < 0 || quantity > MaxLineQuantity {
			return refuse(InvalidInput, "Quantity must be between 0 and %d.", MaxLineQuantity)
		}
		ref, err := ParseLineID(id)
		if err != nil {
			return err
		}
		i, err := next.find(ref)
		switch {
		case err != nil && ref.VariantID != 0:
			if quantity == 0 {
				continue
			}
			if _, err := next.add(cat, Item{VariantID: ref.VariantID, Quantity: quantity}); err != nil {
				return err
			}
		case err != nil:
			return err
		case quantity == 0:
			next.Lines = slices.Delete(next.Lines, i, i+1)
		default:
			next.Lines[i].Quantity = quantity
		}
	}
	if err := next.check(cat); err != nil {
		return err
	}
	*c = next
	return nil
}

// SetLineQuantities applies /cart/update.js's updates given as a list: the
// quantity of each line in order (0 removes).
func (c *Cart) SetLineQuantities(cat Catalogue, quantities []int) error {
	if len(quantities) > len(c.Lines) {
		return refuse(UnknownLine, "The cart has %d lines, not %d.", len(c.Lines), len(quantities))
	}
	next := c.clone()
	kept := next.Lines[:0]
	for i, line := range next.Lines {
		if i < len(quantities) {
			if quantities[i] < 0 || quantities[i] > MaxLineQuantity {
				return refuse(InvalidInput, "Quantity must be between 0 and %d.", MaxLineQuantity)
			}
			line.Quantity = quantities[i]
		}
		if line.Quantity > 0 {
			kept = append(kept, line)
		}
	}
	next.Lines = kept
	if err := next.check(cat); err != nil {
		return err
	}
	*c = next
	return nil
}

// SetNote replaces the note.
func (c *Cart) SetNote(note string) error {
	if utf8.RuneCountInString(note) > MaxNoteRunes {
		return refuse(InvalidInput, "The note is longer than %d characters.", MaxNoteRunes)
	}
	c.Note = note
	return nil
}

// SetAttributes merges attributes into the cart's; an empty value removes
// the attribute, as Shopify's update.js does.
func (c *Cart) SetAttributes(attributes map[string]string) error {
	merged := maps.Clone(c.Attributes)
	if merged == nil {
		merged = map[string]string{}
	}
	for name, value := range attributes {
		if value == "" {
			delete(merged, name)
		} else {
			merged[name] = value
		}
	}
	if err := checkFields("attributes", merged); err != nil {
		return err
	}
	c.Attributes = merged
	return nil
}

// Clear removes every line; the note and attributes stay, as on Shopify.
func (c *Cart) Clear() { c.Lines = nil }

// ItemCount is the number of units in the cart.
func (c *Cart) ItemCount() int {
	n := 0
	for _, l := range c.Lines {
		n += l.Quantity
	}
	return n
}

// ParseLineID reads the id of a line as /cart/change.js and update.js take
// it: a line key ("variantId:hash") or a variant id.
func ParseLineID(id string) (LineRef, error) {
	if strings.Contains(id, ":") {
		return LineRef{Key: id}, nil
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 {
		return LineRef{}, refuse(UnknownLine, "No valid id or line parameter.")
	}
	return LineRef{VariantID: n}, nil
}

// add adds one item to the cart in place, unchecked for stock.
func (c *Cart) add(cat Catalogue, item Item) (string, error) {
	if item.Quantity < 1 || item.Quantity > MaxLineQuantity {
		return "", refuse(InvalidInput, "Quantity must be between 1 and %d.", MaxLineQuantity)
	}
	line := Line{VariantID: item.VariantID, Quantity: item.Quantity, Properties: item.Properties, SellingPlanID: item.SellingPlanID}
	if err := checkLine(cat, line); err != nil {
		return "", err
	}
	key := line.Key()
	if i := c.lineIndex(key); i >= 0 {
		c.Lines[i].Quantity += item.Quantity
	} else {
		c.Lines = append([]Line{line}, c.Lines...)
	}
	return key, nil
}

// check checks what only the whole cart shows: the stock of each variant
// and the number of lines.
func (c *Cart) check(cat Catalogue) error {
	if len(c.Lines) > MaxLines {
		return refuse(InvalidInput, "A cart holds at most %d lines.", MaxLines)
	}
	return c.checkStock(cat)
}

func (c *Cart) find(ref LineRef) (int, error) {
	switch {
	case ref.Key != "":
		if i := c.lineIndex(ref.Key); i >= 0 {
			return i, nil
		}
	case ref.VariantID != 0:
		if i := slices.IndexFunc(c.Lines, func(l Line) bool { return l.VariantID == ref.VariantID }); i >= 0 {
			return i, nil
		}
	case ref.Number >= 1 && ref.Number <= len(c.Lines):
		return ref.Number - 1, nil
	}
	return -1, refuse(UnknownLine, "No valid id or line parameter.")
}

func (c *Cart) lineIndex(key string) int {
	return slices.IndexFunc(c.Lines, func(l Line) bool { return l.Key() == key })
}

func (c *Cart) lineIndexOther(key string, not int) int {
	for i, l := range c.Lines {
		if i != not && l.Key() == key {
			return i
		}
	}
	return -1
}

func (c *Cart) clone() Cart {
	next := *c
	next.Lines = slices.Clone(c.Lines)
	return next
}

// checkLine checks one line against the catalogue: the variant exists and is
// on sale, and its selling plan is one the variant may be bought with.
func checkLine(cat Catalogue, line Line) error {
	product, variant, ok := cat.Variant(line.VariantID)
	if !ok {
		return refuse(UnknownVariant, "Cannot find variant")
	}
	if !variant.Available() {
		return refuse(SoldOut, "The product '%s' is already sold out.", DisplayTitle(product, variant))
	}
	if err := checkFields("properties", line.Properties); err != nil {
		return err
	}
	switch {
	case line.SellingPlanID == 0 && variant.Preorder && len(product.SellingPlans) > 0:
		return refuse(SellingPlanRequired, "Variant can only be purchased with a selling plan.")
	case line.SellingPlanID != 0 && !variant.Preorder:
		return refuse(SellingPlanNotAvailable, "The selling plan is not available for '%s'.", DisplayTitle(product, variant))
	case line.SellingPlanID != 0:
		if _, ok := product.SellingPlan(line.SellingPlanID); !ok {
			return refuse(SellingPlanNotAvailable, "The selling plan is not available for '%s'.", DisplayTitle(product, variant))
		}
	}
	return nil
}

// checkStock checks that no variant in stock is in the cart more often than
// the shop has it. Pre-orders are knitted to order and have no limit.
func (c *Cart) checkStock(cat Catalogue) error {
	want := map[int64]int{}
	for _, l := range c.Lines {
		want[l.VariantID] += l.Quantity
	}
	for _, id := range slices.Sorted(maps.Keys(want)) {
		product, variant, ok := cat.Variant(id)
		if !ok || variant.Preorder || want[id] <= variant.Inventory {
			continue
		}
		title := DisplayTitle(product, variant)
		if variant.Inventory == 0 {
			return refuse(SoldOut, "The product '%s' is already sold out.", title)
		}
		return refuse(NotEnoughStock, "You can only add %d %s to the cart.", variant.Inventory, title)
	}
	return nil
}

func checkFields(what string, fields map[string]string) error {
	if len(fields) > MaxProperties {
		return refuse(InvalidInput, "At most %d %s are allowed.", MaxProperties, what)
	}
	for name, value := range fields {
		if name == "" || utf8.RuneCountInString(name) > MaxNameRunes || utf8.RuneCountInString(value) > MaxValueRunes {
			return refuse(InvalidInput, "Each of the %s needs a name of 1 to %d characters and a value of at most %d.",
				what, MaxNameRunes, MaxValueRunes)
		}
	}
	return nil
}

// DisplayTitle names a variant as Shopify's cart does: the product's title,
// followed by the variant's unless the product has only one variant.
func DisplayTitle(p *catalog.Product, v *catalog.Variant) string {
	if len(p.Variants) <= 1 || v.Title == "" {
		return p.Title
	}
	return p.Title + " - " + v.Title
}
