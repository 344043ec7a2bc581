package cart

import (
	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

// Priced is a cart with its money worked out in one market, as Shopify
// reports a cart in the shopper's presentment currency. Money is computed
// when the cart is read, from the catalogue's prices at that moment.
type Priced struct {
	Cart     Cart
	Market   money.Market
	Currency money.Currency
	// Lines leaves out lines whose variant left the catalogue or has no price
	// in the market, as Shopify drops lines it can no longer sell.
	Lines []PricedLine
	// OriginalTotal is the total before discounts, Total after them, and
	// TotalDiscount the difference.
	OriginalTotal, Total, TotalDiscount money.Amount
	ItemCount                           int
}

// PricedLine is a line with its money in the cart's currency.
type PricedLine struct {
	Line
	Key     string
	Product *catalog.Product
	Variant *catalog.Variant
	// Price is one unit before discounts; Discount is the automatic discount
	// on one unit, and FinalPrice one unit after it.
	Price      money.Amount
	Discount   discount.Result
	FinalPrice money.Amount
	// Plan is the line's selling plan and Charge what it charges per unit;
	// both nil for a line bought outright.
	Plan   *catalog.SellingPlan
	Charge *Charge
	// onceShare is the line's share of a discount taken once per order.
	onceShare money.Amount
}

// OriginalLinePrice is the line's price before discounts.
func (l PricedLine) OriginalLinePrice() money.Amount { return l.Price * money.Amount(l.Quantity) }

// FinalLinePrice is the line's price after discounts.
func (l PricedLine) FinalLinePrice() money.Amount { return l.OriginalLinePrice() - l.LineDiscount() }

// LineDiscount is the money the discount takes off the whole line, as
// Shopify works it out: a percentage of the line's price, rounded once to
// the currency's minor unit (half up), a fixed amount off each unit, or the
// line's share of a fixed amount taken once per order (Shopify's
// appliesOnEachItem false). For one unit alone all are the discount on one
// unit the API answers.
func (l PricedLine) LineDiscount() money.Amount {
	switch {
	case l.Discount.ValueType == discount.Percentage:
		return min(l.Discount.Percent.Of(l.OriginalLinePrice()), l.OriginalLinePrice())
	case l.Discount.OnceAmount > 0:
		return l.onceShare
	}
	return l.Discount.Amount * money.Amount(l.Quantity)
}

// shareOnceAmounts spreads each amount taken once per order over the lines
// its rule discounts, as Shopify spreads an amount with appliesOnEachItem
// false over the entitled items: never more than their price, each line's
// share in proportion to its price, rounded down, and the minor units left
// over one each to the lines in cart order.
func shareOnceAmounts(lines []PricedLine) {
	byRule := map[int64][]int{}
	var rules []int64
	for i, l := range lines {
		if l.Discount.OnceAmount <= 0 {
			continue
		}
		if _, ok := byRule[l.Discount.RuleID]; !ok {
			rules = append(rules, l.Discount.RuleID)
		}
		byRule[l.Discount.RuleID] = append(byRule[l.Discount.RuleID], i)
	}
	for _, id := range rules {
		shared := byRule[id]
		var price money.Amount
		for _, i := range shared {
			price += lines[i].OriginalLinePrice()
		}
		total := min(lines[shared[0]].Discount.OnceAmount, price)
		left := total
		for _, i := range shared {
			lines[i].onceShare = total * lines[i].OriginalLinePrice() / price
			left -= lines[i].onceShare
		}
		// Rounding down leaves fewer minor units than lines; and unless the
		// amount is the lines' whole price, each share is below its line's.
		for _, i := range shared[:left] {
			lines[i].onceShare++
		}
	}
}

// Charge is what a pre-order's selling plan charges for one unit: Upfront at
// checkout and Remaining later.
type Charge struct {
	ValueType catalog.ChargeType
	// Percent is the plan's percentage, for percentage plans; Fixed its
	// amount in the cart's currency, for fixed-amount plans.
	Percent            money.Percent
	Fixed              money.Amount
	Upfront, Remaining money.Amount
}

// PlanCharge works out a selling plan's charge on one unit: a percentage
// plan charges that share of the price, a fixed plan its amount in the
// currency; the charge is capped at the final price, and the remaining
// balance is the final price less the charge.
func PlanCharge(plan catalog.SellingPlan, currency money.Currency, price, finalPrice money.Amount) Charge {
	c := Charge{ValueType: plan.Charge.ValueType}
	var upfront money.Amount
	switch plan.Charge.ValueType {
	case catalog.ChargeFixedAmount:
		c.Fixed = plan.Charge.Amounts[currency]
		upfront = c.Fixed
	default:
		c.Percent = plan.Charge.Percent
		upfront = plan.Charge.Percent.Of(price)
	}
	c.Upfront = min(upfront, finalPrice)
	c.Remaining = finalPrice - c.Upfront
	return c
}

// Price prices the cart in the market: each line at the variant's price
// there, less the automatic discount on one unit from discounts (by variant
// id; a variant without an entry is not discounted).
func Price(c Cart, market money.Market, cat Catalogue, discounts map[int64]discount.Result) Priced {
	p := Priced{Cart: c, Market: market, Currency: market.Currency()}
	for _, line := range c.Lines {
		product, variant, ok := cat.Variant(line.VariantID)
		if !ok {
			continue
		}
		price, ok := variant.Prices[market]
		if !ok {
			continue
		}
		pl := PricedLine{Line: line, Key: line.Key(), Product: product, Variant: variant, Price: price.Amount}
		pl.Discount = discounts[line.VariantID]
		pl.Discount.Amount = min(pl.Discount.Amount, price.Amount)
		pl.FinalPrice = price.Amount - pl.Discount.Amount
		if plan, ok := product.SellingPlan(line.SellingPlanID); ok {
			charge := PlanCharge(*plan, p.Currency, pl.Price, pl.FinalPrice)
			pl.Plan, pl.Charge = plan, &charge
		}
		p.Lines = append(p.Lines, pl)
	}
	shareOnceAmounts(p.Lines)
	for _, pl := range p.Lines {
		p.OriginalTotal += pl.OriginalLinePrice()
		p.Total += pl.FinalLinePrice()
		p.ItemCount += pl.Quantity
	}
	p.TotalDiscount = p.OriginalTotal - p.Total
	return p
}

// VariantIDs lists the variants in the cart, for looking their discounts up.
func (c *Cart) VariantIDs() []int64 {
	ids := make([]int64, 0, len(c.Lines))
	for _, l := range c.Lines {
		ids = append(ids, l.VariantID)
	}
	return ids
}
