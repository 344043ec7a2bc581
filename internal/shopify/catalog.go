package shopify

import (
	"encoding/json"
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// Skipped is something of the shop that the sync left out, and why.
type Skipped struct {
	Item   string
	Reason string
}

func (s Skipped) String() string { return s.Item + ": " + s.Reason }

// parse reads the amount exactly, in minor units of its currency. Shopify
// writes decimals with any number of trailing zeros ("12.5", "12.50").
func (m MoneyFields) parse() (money.Amount, money.Currency, error) {
	c := money.Currency(m.CurrencyCode)
	if !c.Valid() {
		return 0, "", fmt.Errorf("currency %q is not one of %s", m.CurrencyCode, money.CurrencyNames())
	}
	s := m.Amount
	if strings.Contains(s, ".") {
		s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
	}
	a, err := money.ParseAmount(s)
	if err != nil {
		return 0, "", err
	}
	return a, c, nil
}

// bulkLine is what every line of the bulk query's JSONL file holds: the
// object's id, whose type says which fragment the line is, and the id of
// the product it belongs to, unless it is a product.
type bulkLine struct {
	ID       string `json:"id"`
	ParentID string `json:"__parentId"`
}

// mediaLine is a product's medium as the bulk query's file and the Product
// query answer it: an image's address, or nothing for other media.
// Written by hand, since a bulk line carries no __typename for genqlient's
// Media interface type to be decoded by.
type mediaLine struct {
	Image *struct {
		URL string `json:"url"`
	} `json:"image"`
}

// marketPrices are a variant's contextual prices by market.
func marketPrices(v VariantFields) map[money.Market]MarketPrice {
	return map[money.Market]MarketPrice{money.LT: v.Lt, money.AU: v.Au, money.GB: v.Gb, money.US: v.Us}
}

// gid splits a Shopify global id such as gid://shopify/Product/123 into its
// type and number.
func gid(id string) (kind string, n int64, ok bool) {
	rest, found := strings.CutPrefix(id, "gid://shopify/")
	if !found {
		return "", 0, false
	}
	kind, num, found := strings.Cut(rest, "/")
	if !found {
		return "", 0, false
	}
	num, _, _ = strings.Cut(num, "?")
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 {
		return "", 0, false
	}
	return kind, n, true
}

// gidOf is the Shopify global id of a kind of object and its number.
func gidOf(kind string, id int64) string { return fmt.Sprintf("gid://shopify/%s/%d", kind, id) }

// builder turns what Shopify answers into a catalogue, naming each thing it
// has to leave out. It does no I/O.
type builder struct {
	knitters    map[int64]bool
	products    []*heldProduct
	productAt   map[int64]*heldProduct
	collections []catalog.Collection
	// collectionHandle maps a collection's id to its handle.
	collectionHandle map[int64]string
	// planOwner maps a selling plan's id to the product that holds it.
	planOwner map[int64]int64
	// interned holds one copy of each variant title and option value:
	// a shop repeats a few of them over every product.
	interned  map[string]string
	discounts []DiscountNode
	skipped   []Skipped
}

// heldProduct is a product as the builder keeps it until the catalogue is
// written: its variants without a map of prices each, which would cost
// several times the rest of a variant, so that a shop of 100,000 variants
// is held in a few tens of megabytes.
type heldProduct struct {
	catalog.Product // without Variants
	variants        []heldVariant
}

type heldVariant struct {
	catalog.Variant // without Prices
	// prices are the variant's prices in the order of money.Markets.
	prices []catalog.Price
	// sellsWithoutStock: Shopify keeps selling it when out of stock
	// (inventory policy CONTINUE), which with a pre-order plan is a
	// pre-order.
	sellsWithoutStock bool
	// forSale: Shopify sells it now.
	forSale bool
}

// product is the held product as the catalogue has it.
func (h *heldProduct) product() catalog.Product {
	p := h.Product
	p.Variants = make([]catalog.Variant, len(h.variants))
	for i, hv := range h.variants {
		v := hv.Variant
		v.Prices = make(map[money.Market]catalog.Price, len(money.Markets))
		for j, m := range money.Markets {
			v.Prices[m] = hv.prices[j]
		}
		p.Variants[i] = v
	}
	return p
}

func newBuilder(knitters []catalog.Knitter) *builder {
	ids := map[int64]bool{}
	for _, k := range knitters {
		ids[k.ID] = true
	}
	return &builder{
		knitters:         ids,
		productAt:        map[int64]*heldProduct{},
		collectionHandle: map[int64]string{},
		planOwner:        map[int64]int64{},
		interned:         map[string]string{},
	}
}

// intern returns the builder's copy of s.
func (b *builder) intern(s string) string {
	if kept, ok := b.interned[s]; ok {
		return kept
	}
	b.interned[s] = s
	return s
}

func (b *builder) skip(item, format string, args ...any) {
	b.skipped = append(b.skipped, Skipped{Item: item, Reason: fmt.Sprintf(format, args...)})
}

// addLine takes one line of the bulk query's file.
func (b *builder) addLine(raw []byte) {
	var l bulkLine
	if err := json.Unmarshal(raw, &l); err != nil {
		b.skip(fmt.Sprintf("bulk line %.80s", raw), "not an object the query asks for: %v", err)
		return
	}
	if l.ID == "" && l.ParentID != "" {
		// Media other than images answer the MediaImage fragment with nothing.
		return
	}
	kind, id, ok := gid(l.ID)
	if !ok {
		b.skip(fmt.Sprintf("bulk line %.80s", raw), "no Shopify id")
		return
	}
	var parent *heldProduct
	if kind != "Product" {
		_, pid, _ := gid(l.ParentID)
		if parent = b.productAt[pid]; parent == nil {
			b.skip(l.ID, "its product %q was not read before it", l.ParentID)
			return
		}
	}
	switch kind {
	case "Product":
		var p ProductFields
		if decodeNode(b, raw, &p) {
			b.addProduct(id, p)
		}
	case "Collection":
		var c CollectionFields
		if decodeNode(b, raw, &c) {
			b.addCollection(parent, id, c)
		}
	case "MediaImage":
		var m mediaLine
		if decodeNode(b, raw, &m) {
			parent.addImage(m)
		}
	case "ProductVariant":
		var v VariantFields
		if decodeNode(b, raw, &v) {
			b.addVariant(parent, id, v)
		}
	default:
		b.skip(l.ID, "a %s is not something the query asks for", kind)
	}
}

func (b *builder) addProduct(id int64, l ProductFields) {
	p := &heldProduct{Product: catalog.Product{
		ID: id, Handle: l.Handle, Title: l.Title, Description: l.Description,
		ProductType: l.ProductType, Vendor: l.Vendor, Tags: l.Tags,
		Images: []string{}, Collections: []string{},
	}}
	for _, o := range l.Options {
		p.Options = append(p.Options, o.Name)
	}
	if l.Knitter != nil && l.Knitter.Value != "" {
		k, err := strconv.ParseInt(l.Knitter.Value, 10, 64)
		switch {
		case err != nil:
			b.skip(l.Id, "its custom.knitter metafield %q is not a knitter id; kept without a knitter", l.Knitter.Value)
		case !b.knitters[k]:
			b.skip(l.Id, "its custom.knitter metafield names knitter %d, who is not in knitfront; kept without a knitter", k)
		default:
			p.KnitterID = k
		}
	}
	b.products = append(b.products, p)
	b.productAt[id] = p
}

func (b *builder) addCollection(p *heldProduct, id int64, c CollectionFields) {
	if _, seen := b.collectionHandle[id]; !seen {
		b.collectionHandle[id] = c.Handle
		b.collections = append(b.collections, catalog.Collection{ID: id, Handle: c.Handle, Title: c.Title, Description: c.Description})
	}
	p.Collections = append(p.Collections, c.Handle)
}

// addImage adds a medium's image to the product's; other media have none.
func (h *heldProduct) addImage(m mediaLine) {
	if m.Image != nil && m.Image.URL != "" {
		h.Images = append(h.Images, m.Image.URL)
	}
}

func (b *builder) addVariant(p *heldProduct, id int64, l VariantFields) {
	hv := heldVariant{
		Variant:           catalog.Variant{ID: id, Title: b.intern(l.Title), SKU: valueOf(l.Sku), Options: make([]string, 0, len(l.SelectedOptions))},
		prices:            make([]catalog.Price, len(money.Markets)),
		sellsWithoutStock: l.InventoryPolicy == ProductVariantInventoryPolicyContinue,
		forSale:           l.AvailableForSale,
	}
	v := &hv.Variant
	for _, o := range l.SelectedOptions {
		v.Options = append(v.Options, b.intern(o.Value))
	}
	if l.Image != nil {
		v.Image = l.Image.Url
	}
	if l.PreorderContent != nil {
		v.PreorderContent = b.intern(l.PreorderContent.Value)
	}
	prices := marketPrices(l)
	for i, m := range money.Markets {
		price, err := marketPrice(m, prices[m])
		if err != nil {
			b.skip(l.Id, "%v", err)
			return
		}
		hv.prices[i] = price
	}
	if l.InventoryQuantity != nil {
		v.Inventory = max(0, *l.InventoryQuantity)
	}
	p.variants = append(p.variants, hv)
}

// marketPrice reads a variant's contextual price for one market's country.
func marketPrice(m money.Market, cp MarketPrice) (catalog.Price, error) {
	if cp.Price.CurrencyCode == "" {
		return catalog.Price{}, fmt.Errorf("no price for market %s", m)
	}
	amount, currency, err := cp.Price.parse()
	if err != nil {
		return catalog.Price{}, fmt.Errorf("market %s price: %v", m, err)
	}
	if currency != m.Currency() || amount <= 0 {
		return catalog.Price{}, fmt.Errorf("market %s is priced %s %s; knitfront's %s market sells in %s above 0", m, cp.Price.Amount, currency, m, m.Currency())
	}
	price := catalog.Price{Amount: amount}
	if cp.CompareAtPrice != nil {
		compareAt, currency, err := cp.CompareAtPrice.parse()
		if err != nil || currency != m.Currency() {
			return catalog.Price{}, fmt.Errorf("market %s compare-at price %v is not in %s", m, cp.CompareAtPrice, m.Currency())
		}
		price.CompareAt = compareAt
	}
	return price, nil
}

// addPlanGroup attaches a group's pre-order plans to its products.
func (b *builder) addPlanGroup(g SellingPlanGroupFields) {
	if g.Products.PageInfo.HasNextPage {
		b.skip(g.Id, "selling plan group %q is on more than %d products; the others get none of its plans", g.Name, len(g.Products.Nodes))
	}
	plans := b.groupPlans(g)
	for _, node := range g.Products.Nodes {
		_, pid, _ := gid(node.Id)
		b.attachPlans(pid, plans)
	}
}

// groupPlans are the plans of a group that knitfront can show.
func (b *builder) groupPlans(g SellingPlanGroupFields) []catalog.SellingPlan {
	var plans []catalog.SellingPlan
	for _, sp := range g.SellingPlans.Nodes {
		if plan, ok := b.plan(sp); ok {
			plans = append(plans, plan)
		}
	}
	return plans
}

// attachPlans gives a product read the plans, each unless another product
// holds it already.
func (b *builder) attachPlans(pid int64, plans []catalog.SellingPlan) {
	p := b.productAt[pid]
	if p == nil {
		return
	}
	for _, plan := range plans {
		if owner, taken := b.planOwner[plan.ID]; taken && owner != pid {
			b.skip(gidOf("SellingPlan", plan.ID), "also on product %d; knitfront keeps a plan on its first product only", owner)
			continue
		}
		b.planOwner[plan.ID] = pid
		p.SellingPlans = append(p.SellingPlans, plan)
	}
}

// plan maps a pre-order plan with a fixed billing policy, or says why not.
func (b *builder) plan(sp SellingPlanNode) (catalog.SellingPlan, bool) {
	_, id, ok := gid(sp.Id)
	if !ok {
		b.skip(sp.Id, "not a selling plan id")
		return catalog.SellingPlan{}, false
	}
	if category := valueOf(sp.Category); category != SellingPlanCategoryPreOrder {
		b.skip(sp.Id, "plan %q is of category %s, not PRE_ORDER", sp.Name, category)
		return catalog.SellingPlan{}, false
	}
	fixed, isFixed := sp.BillingPolicy.(*BillingPolicySellingPlanFixedBillingPolicy)
	if !isFixed || fixed.CheckoutCharge.Value == nil {
		b.skip(sp.Id, "plan %q has no fixed billing policy with a checkout charge", sp.Name)
		return catalog.SellingPlan{}, false
	}
	plan := catalog.SellingPlan{ID: id, Name: sp.Name, Description: valueOf(sp.Description)}
	switch v := fixed.CheckoutCharge.Value.(type) {
	case *ChargeValueSellingPlanCheckoutChargePercentageValue:
		if v.Percentage <= 0 || v.Percentage > 100 {
			b.skip(sp.Id, "plan %q has no checkout charge percentage from above 0 to 100", sp.Name)
			return catalog.SellingPlan{}, false
		}
		plan.Charge = catalog.Charge{ValueType: catalog.ChargePercentage, Percent: money.Percent(math.Round(v.Percentage * 100))}
	case *ChargeValueMoneyV2:
		b.skip(sp.Id, "plan %q charges a fixed %s %s at checkout, which Shopify converts for other currencies at its own rate; knitfront needs the charge in each of %s",
			sp.Name, v.Amount, v.CurrencyCode, money.CurrencyNames())
		return catalog.SellingPlan{}, false
	}
	return plan, true
}

// valueOf is what p points to, or the zero value for a null.
func valueOf[T any](p *T) T {
	var v T
	if p != nil {
		v = *p
	}
	return v
}

// decodeNode decodes one node of an answer, or one line of the bulk
// query's file, into node, or names it as skipped: a node holding an object
// of a kind the generated types do not know (one that Shopify's schema of
// this API version did not have) fails to decode, and only that node is
// left out.
func decodeNode[T any](b *builder, raw json.RawMessage, node *T) bool {
	err := json.Unmarshal(raw, node)
	if err == nil {
		return true
	}
	var named struct {
		ID string `json:"id"`
	}
	item := fmt.Sprintf("answer %.80s", raw)
	if json.Unmarshal(raw, &named) == nil && named.ID != "" {
		item = named.ID
	}
	b.skip(item, "Shopify answered something knitfront cannot read: %v", err)
	return false
}

// targetIDs are the numbers of a page of a discount's targets.
func targetIDs[N any, P interface {
	*N
	GetId() string
}](nodes []N) []int64 {
	var ids []int64
	for i := range nodes {
		if _, id, ok := gid(P(&nodes[i]).GetId()); ok {
			ids = append(ids, id)
		}
	}
	return ids
}

// whyNotShown says why a kind of automatic discount cannot show in one
// variant's price.
var whyNotShown = map[string]string{
	"DiscountAutomaticBxgy":         "a buy X get Y discount depends on the rest of the cart",
	"DiscountAutomaticFreeShipping": "a free shipping discount takes nothing off a price",
	"DiscountAutomaticApp":          "an app's discount is computed by its function at checkout",
}

// finishProducts finishes the products read: each without a variant is
// left out, and pre-order flags come from the plans, availability as stock.
func (b *builder) finishProducts() {
	kept := b.products[:0]
	for _, p := range b.products {
		if len(p.variants) == 0 {
			b.skip(gidOf("Product", p.ID), "product %q has no variant that could be read", p.Handle)
			delete(b.productAt, p.ID)
			continue
		}
		// Appending left room for more variants than the product has.
		p.variants = slices.Clone(p.variants)
		for i := range p.variants {
			v := &p.variants[i]
			v.Preorder = v.sellsWithoutStock && len(p.SellingPlans) > 0
			if v.forSale && !v.Available() {
				// Shopify sells it without counted stock (inventory not
				// tracked, or a pre-order whose plans knitfront cannot
				// show); the catalogue knows availability only as stock.
				v.Inventory = 1
			}
		}
		kept = append(kept, p)
	}
	b.products = kept
}

// eachProduct yields the products read, each made whole only while it is
// used, in the order read.
func (b *builder) eachProduct(yield func(catalog.Product) bool) {
	for _, p := range b.products {
		if !yield(p.product()) {
			return
		}
	}
}

// buildProducts finishes the products read and returns them whole.
func (b *builder) buildProducts() []catalog.Product {
	b.finishProducts()
	products := []catalog.Product{}
	for p := range b.eachProduct {
		products = append(products, p)
	}
	return products
}

// buildRules maps the discounts read to rules over products, the whole
// catalogue.
func (b *builder) buildRules(products iter.Seq[catalog.Product]) []discount.Rule {
	rules := []discount.Rule{}
	for _, n := range b.discounts {
		if r, ok := b.rule(n, products); ok {
			rules = append(rules, r)
		}
	}
	return rules
}

// rule maps an automatic discount to the engine's rule, or says why it
// cannot show in a variant's price.
func (b *builder) rule(n DiscountNode, products iter.Seq[catalog.Product]) (discount.Rule, bool) {
	_, id, ok := gid(n.Id)
	if !ok || n.Discount == nil {
		b.skip(n.Id, "no discount could be read")
		return discount.Rule{}, false
	}
	name := discountName(n.Discount)
	d, basic := n.Discount.(*AutomaticDiscountDiscountAutomaticBasic)
	if !basic {
		kind := valueOf(n.Discount.GetTypename())
		reason, known := whyNotShown[kind]
		if !known {
			reason = fmt.Sprintf("%s is a kind of discount knitfront does not know", kind)
		}
		b.skip(n.Id, "%s: %s", name, reason)
		return discount.Rule{}, false
	}
	switch d.Context.(type) {
	case *DiscountContextDiscountBuyerSelectionAll:
	case *DiscountContextDiscountMarkets:
		// Shown since Admin API 2026-10; knitfront does not map Shopify's
		// markets to its own yet, and a discount shown in a market it does
		// not apply in would promise a price checkout does not charge.
		b.skip(n.Id, "%s is limited to some markets, which knitfront does not show yet", name)
		return discount.Rule{}, false
	default:
		b.skip(n.Id, "%s is for some customers only, and knitfront's shoppers are anonymous", name)
		return discount.Rule{}, false
	}
	if d.Status != DiscountStatusActive && d.Status != DiscountStatusScheduled && d.Status != DiscountStatusExpired {
		b.skip(n.Id, "%s has status %q", name, d.Status)
		return discount.Rule{}, false
	}
	if d.CustomerGets.Value == nil || d.CustomerGets.Items == nil {
		b.skip(n.Id, "%s has no value or items", name)
		return discount.Rule{}, false
	}
	r := discount.Rule{ID: id, Title: d.Title, StartsAt: d.StartsAt.UTC()}
	if d.EndsAt != nil {
		r.EndsAt = d.EndsAt.UTC()
	}
	if !b.applyValue(n.Id, name, &r, d.CustomerGets.Value) {
		return discount.Rule{}, false
	}
	switch items := d.CustomerGets.Items.(type) {
	case *DiscountTargetsAllDiscountItems:
		r.Scope = discount.ScopeAll
	case *DiscountTargetsDiscountCollections:
		r.Scope, r.Targets = discount.ScopeCollections, targetIDs(items.Collections.Nodes)
		b.noteMoreTargets(n.Id, name, items.Collections.PageInfo.HasNextPage, len(items.Collections.Nodes))
	case *DiscountTargetsDiscountProducts:
		b.noteMoreTargets(n.Id, name, items.Products.PageInfo.HasNextPage, len(items.Products.Nodes))
		b.noteMoreTargets(n.Id, name, items.ProductVariants.PageInfo.HasNextPage, len(items.ProductVariants.Nodes))
		r.Scope, r.Targets = productOrVariantScope(targetIDs(items.Products.Nodes), targetIDs(items.ProductVariants.Nodes), products)
	}
	if !b.applyMinimum(n.Id, name, &r, d.MinimumRequirement, products) {
		return discount.Rule{}, false
	}
	if err := r.Validate(); err != nil {
		b.skip(n.Id, "%s: %v", name, err)
		return discount.Rule{}, false
	}
	return r, true
}

// discountName names an automatic discount by its title.
func discountName(d AutomaticDiscount) string {
	title := ""
	switch d := d.(type) {
	case *AutomaticDiscountDiscountAutomaticBasic:
		title = d.Title
	case *AutomaticDiscountDiscountAutomaticBxgy:
		title = d.Title
	case *AutomaticDiscountDiscountAutomaticFreeShipping:
		title = d.Title
	case *AutomaticDiscountDiscountAutomaticApp:
		title = d.Title
	}
	return fmt.Sprintf("discount %q", title)
}

// applyValue sets what the rule takes off, or says why no single price can
// show it.
func (b *builder) applyValue(id, name string, r *discount.Rule, value DiscountValue) bool {
	switch v := value.(type) {
	case *DiscountValueDiscountPercentage:
		r.ValueType, r.Percent = discount.Percentage, money.Percent(math.Round(v.Percentage*10000))
		return true
	case *DiscountValueDiscountAmount:
		if v.Amount.CurrencyCode == "" {
			b.skip(id, "%s has no amount", name)
			return false
		}
		amount, currency, err := v.Amount.parse()
		if err != nil {
			b.skip(id, "%s: %v", name, err)
			return false
		}
		r.ValueType, r.Amounts = discount.FixedAmount, map[money.Currency]money.Amount{currency: amount}
		r.OncePerOrder = !v.AppliesOnEachItem
		b.skip(id, "%s takes %s %s off; shown in %s only, since Shopify converts it for other currencies at its own rate", name, v.Amount.Amount, currency, currency)
		return true
	default:
		b.skip(id, "%s has a value of kind %q, which no single price can show", name, valueOf(value.GetTypename()))
		return false
	}
}

func (b *builder) noteMoreTargets(id, name string, more bool, read int) {
	if more {
		b.skip(id, "%s applies to more than %d items; the rest are not discounted in knitfront", name, read)
	}
}

// productOrVariantScope is a products scope when the discount names
// products only, otherwise a variants scope holding the named variants and
// every variant of the named products.
func productOrVariantScope(productIDs, variantIDs []int64, products iter.Seq[catalog.Product]) (discount.Scope, []int64) {
	if len(variantIDs) == 0 {
		return discount.ScopeProducts, productIDs
	}
	targets := slices.Clone(variantIDs)
	for p := range products {
		if slices.Contains(productIDs, p.ID) {
			for _, v := range p.Variants {
				targets = append(targets, v.ID)
			}
		}
	}
	return discount.ScopeVariants, targets
}

// applyMinimum narrows a rule with a minimum requirement to what one unit
// of a variant can meet: a quantity of 1, or a subtotal no more than the
// variant's price in a market of the subtotal's currency.
func (b *builder) applyMinimum(id, name string, r *discount.Rule, req MinimumRequirement, products iter.Seq[catalog.Product]) bool {
	switch req := req.(type) {
	case *MinimumRequirementDiscountMinimumQuantity:
		if q := req.GreaterThanOrEqualToQuantity; q != "1" && q != "0" {
			b.skip(id, "%s needs %s items in the cart, so no single price can show it", name, q)
			return false
		}
	case *MinimumRequirementDiscountMinimumSubtotal:
		return b.applyMinimumSubtotal(id, name, r, req.GreaterThanOrEqualToSubtotal, products)
	}
	return true
}

// applyMinimumSubtotal narrows a rule to the variants priced at least the
// subtotal in a market of its currency.
func (b *builder) applyMinimumSubtotal(id, name string, r *discount.Rule, subtotal MoneyFields, products iter.Seq[catalog.Product]) bool {
	least, currency, err := subtotal.parse()
	if err != nil {
		b.skip(id, "%s: minimum subtotal: %v", name, err)
		return false
	}
	var markets []money.Market
	for _, m := range money.Markets {
		if m.Currency() == currency {
			markets = append(markets, m)
		}
	}
	var reaching []int64
	for p := range products {
		for _, v := range p.Variants {
			if covers(*r, p, v, b.collectionHandle) && v.Prices[markets[0]].Amount >= least {
				reaching = append(reaching, v.ID)
			}
		}
	}
	if len(reaching) == 0 {
		b.skip(id, "%s needs a subtotal of %s %s, above the price of every variant it covers", name, subtotal.Amount, currency)
		return false
	}
	b.skip(id, "%s needs a subtotal of %s %s: shown only on the %d variants priced at least that in %s", name, subtotal.Amount, currency, len(reaching), currency)
	r.Scope, r.Targets, r.Markets = discount.ScopeVariants, reaching, markets
	return true
}

// covers reports whether the rule's scope takes in the variant.
func covers(r discount.Rule, p catalog.Product, v catalog.Variant, collectionHandle map[int64]string) bool {
	switch r.Scope {
	case discount.ScopeAll:
		return true
	case discount.ScopeProducts:
		return slices.Contains(r.Targets, p.ID)
	case discount.ScopeVariants:
		return slices.Contains(r.Targets, v.ID)
	case discount.ScopeCollections:
		for _, c := range r.Targets {
			if slices.Contains(p.Collections, collectionHandle[c]) {
				return true
			}
		}
	}
	return false
}
