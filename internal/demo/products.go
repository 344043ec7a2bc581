package demo

import (
	"fmt"
	"math"
	"slices"

	"knitfront/internal/catalog"
	"knitfront/internal/money"
)

// Ids are Shopify-like and follow from a product's place n (from 1) in
// productSpecs, so new products go at the end of the list:
// product n is firstProductID+n-1 and its k-th variant (from 1) is
// variantIDBase + n*100 + k; its k-th selling plan is planIDBase + n*10 + k.
const (
	firstProductID = 8123456000001
	variantIDBase  = 45123456000000
	planIDBase     = 4123456000
)

// Vendor is the vendor of every demo product.
const Vendor = "knitfront demo"

// kind is a sort of knitted product: it decides the product type, the
// sizes, the home collection, the drawing and the care note.
type kind struct {
	name        string
	productType string
	sizes       []string
	collection  string
	skuCode     string
	care        string
}

var (
	garmentSizes = []string{"XS", "S", "M", "L", "XL"}
	sockSizes    = []string{"36-38", "39-41", "42-44"}
	mittenSizes  = []string{"S", "M", "L"}
)

// kinds lists the product kinds; a kind without sizes is one-size.
func kinds() []kind {
	return []kind{
		{"sweater", "Sweater", garmentSizes, "sweaters", "SW", "Hand wash cool and dry it flat, and it will keep you warm for many winters."},
		{"cardigan", "Cardigan", garmentSizes, "cardigans", "CA", "Hand wash cool and dry it flat; the buttons are sewn on to stay."},
		{"sock", "Socks", sockSizes, "socks", "SO", "Machine washable on a wool cycle at 30 °C."},
		{"mitten", "Mittens", mittenSizes, "hats-and-mittens", "MI", "Hand wash cool and dry them flat."},
		{"hat", "Hat", nil, "hats-and-mittens", "HA", "One size stretches to fit most adults."},
		{"scarf", "Scarf", nil, "scarves", "SC", "Hand wash cool and dry it flat, gently reshaped."},
		{"blanket", "Blanket", nil, "blankets", "BL", "Hand wash or dry clean, and air it often instead of washing."},
	}
}

func kindNamed(name string) (kind, bool) {
	for _, k := range kinds() {
		if k.name == name {
			return k, true
		}
	}
	return kind{}, false
}

// pricePoint is an amount in whole units of each currency the demo prices,
// in the order of pricedCurrencies: {129, 215, 115, 139} is €129, A$215,
// £115 and US$139. Prices are set per market at the round numbers a shop
// would choose, not converted. The nil point is no price at all.
type pricePoint []int64

// pricedCurrencies are the currencies a price point lists, in its order. A
// currency of the table it does not list (one added after the demo was
// written) is priced at the euro amount times the currency's sample rate,
// in whole units, so that a new row of the currency table needs no edit of
// the demo's data.
var pricedCurrencies = []money.Currency{money.EUR, money.AUD, money.GBP, money.USD}

// perCurrency spreads the point over the table's currencies.
func (p pricePoint) perCurrency() map[money.Currency]money.Amount {
	table := make([]money.CurrencyInfo, len(money.Currencies))
	for i, c := range money.Currencies {
		table[i] = c.Info()
	}
	return p.amountsIn(table)
}

// amountsIn spreads the point over the currencies of table. The points are
// this package's own data, so one without an amount for every currency it
// lists is a bug: it panics, and every test of the catalogue fails at once.
func (p pricePoint) amountsIn(table []money.CurrencyInfo) map[money.Currency]money.Amount {
	if p == nil {
		return nil
	}
	if len(p) != len(pricedCurrencies) {
		panic(fmt.Sprintf("demo price point %v: want an amount for each of %v", []int64(p), pricedCurrencies))
	}
	listed := make(map[money.Currency]int64, len(p))
	for i, c := range pricedCurrencies {
		listed[c] = p[i]
	}
	amounts := make(map[money.Currency]money.Amount, len(table))
	for _, info := range table {
		whole, ok := listed[info.Code]
		if !ok {
			whole = int64(math.Round(float64(listed[money.EUR]) * info.SampleRate))
		}
		amounts[info.Code] = money.WholeUnits(whole)
	}
	return amounts
}

// productSpec is a demo product before it gets ids and variants.
type productSpec struct {
	handle, title string
	kind          string
	knitter       int64
	colours       []string
	price         pricePoint
	// compareAt is the "was" price; the zero value means none.
	compareAt pricePoint
	// blurb opens the description; the kind's care note closes it.
	blurb string
	tags  []string
	// collections are the ones beyond the kind's own.
	collections []string
	soldOut     bool
	// outOfStock names single variants that are sold out, by title.
	outOfStock []string
	preorder   *preorder
}

// preorder opens a product's variants for pre-order.
type preorder struct {
	message string
	plans   []plan
	// colours limits the pre-order to these colours; empty means all.
	colours []string
}

// plan is a selling plan before it gets an id.
type plan struct {
	name, description string
	percent           money.Percent
	fixed             pricePoint
}

func deposit(percent int64) plan {
	return plan{
		name:        fmt.Sprintf("Pre-order deposit %d%%", percent),
		description: fmt.Sprintf("Pay %d%% now and the rest when your piece ships.", percent),
		percent:     money.Percent(percent * 100),
	}
}

func fixedDeposit(amount pricePoint) plan {
	return plan{
		name:        "Pre-order deposit",
		description: "Pay a fixed deposit now and the rest when your piece ships.",
		fixed:       amount,
	}
}

func payInFull() plan {
	return plan{
		name:        "Pay in full",
		description: "Pay the whole price now; we ship as soon as it is knitted.",
		percent:     100_00,
	}
}

func (p plan) sellingPlan(id int64) catalog.SellingPlan {
	charge := catalog.Charge{ValueType: catalog.ChargePercentage, Percent: p.percent}
	if p.percent == 0 {
		charge = catalog.Charge{ValueType: catalog.ChargeFixedAmount, Amounts: p.fixed.perCurrency()}
	}
	return catalog.SellingPlan{ID: id, Name: p.name, Description: p.description, Charge: charge}
}

// products builds the catalogue's products from productSpecs.
func products() []catalog.Product {
	var out []catalog.Product
	for i, spec := range productSpecs() {
		out = append(out, spec.product(i+1))
	}
	return out
}

// product builds the n-th product. The specs are this package's own data,
// so a spec naming an unknown kind or colour is a bug: it panics, and every
// test of the catalogue fails at once.
func (s productSpec) product(n int) catalog.Product {
	k, ok := kindNamed(s.kind)
	if !ok {
		panic(fmt.Sprintf("demo product %s: unknown kind %q", s.handle, s.kind))
	}
	p := catalog.Product{
		ID:          firstProductID + int64(n) - 1,
		Handle:      s.handle,
		Title:       s.title,
		Description: s.blurb + " " + k.care,
		ProductType: k.productType,
		Vendor:      Vendor,
		KnitterID:   s.knitter,
		Tags:        append([]string{s.kind}, s.tags...),
		Collections: append([]string{k.collection}, s.collections...),
		Options:     []string{"Colour"},
	}
	if len(k.sizes) > 0 {
		p.Options = append(p.Options, "Size")
	}
	if s.preorder != nil {
		p.Tags = append(p.Tags, "pre-order")
		for j, pl := range s.preorder.plans {
			p.SellingPlans = append(p.SellingPlans, pl.sellingPlan(planIDBase+int64(n*10+j+1)))
		}
	}
	for _, name := range s.colours {
		c, ok := colourNamed(name)
		if !ok {
			panic(fmt.Sprintf("demo product %s: unknown colour %q", s.handle, name))
		}
		if len(p.Images) < 3 {
			p.Images = append(p.Images, productImageURL(k.name, c.name))
		}
		sizes := k.sizes
		if len(sizes) == 0 {
			sizes = []string{""}
		}
		for _, size := range sizes {
			p.Variants = append(p.Variants, s.variant(n, len(p.Variants)+1, k, c, size))
		}
	}
	return p
}

func (s productSpec) variant(n, k int, kd kind, c colour, size string) catalog.Variant {
	v := catalog.Variant{
		ID:      variantIDBase + int64(n*100+k),
		Title:   c.title(),
		SKU:     fmt.Sprintf("KF-%s%02d-%s", kd.skuCode, n, c.skuCode()),
		Options: []string{c.title()},
		Image:   productImageURL(kd.name, c.name),
		// Stock varies from 1 to 14 but is fixed for each variant.
		Inventory: 1 + (n*7+k*5)%14,
		Prices:    map[money.Market]catalog.Price{},
	}
	if size != "" {
		v.Title += " / " + size
		v.SKU += "-" + size
		v.Options = append(v.Options, size)
	}
	if s.soldOut || slices.Contains(s.outOfStock, v.Title) {
		v.Inventory = 0
	}
	if po := s.preorder; po != nil && (len(po.colours) == 0 || slices.Contains(po.colours, c.name)) {
		v.Inventory = 0
		v.Preorder = true
		v.PreorderContent = po.message
	}
	price, compareAt := s.price.perCurrency(), s.compareAt.perCurrency()
	for _, m := range money.Markets {
		v.Prices[m] = catalog.Price{Amount: price[m.Currency()], CompareAt: compareAt[m.Currency()]}
	}
	return v
}

func productImageURL(kind, colour string) string {
	return fmt.Sprintf("%sproducts/%s-%s.svg", ImagePrefix, kind, colour)
}
