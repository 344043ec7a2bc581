// Package discount holds the shop's automatic discount rules and the pure
// engine that picks the best one for an item, as Shopify does: of all the
// automatic discounts that apply, the single one that takes the most off wins.
package discount

import (
	"fmt"
	"slices"
	"time"

	"knitfront/internal/money"
)

// ValueType says how a rule's value is given.
type ValueType string

// The value types of a rule.
const (
	Percentage  ValueType = "percentage"
	FixedAmount ValueType = "fixed_amount"
)

// Scope says which items a rule applies to.
type Scope string

// The scopes of a rule. Targets hold collection, product or variant ids.
const (
	ScopeAll         Scope = "all"
	ScopeCollections Scope = "collections"
	ScopeProducts    Scope = "products"
	ScopeVariants    Scope = "variants"
)

// Rule is an automatic discount.
type Rule struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	ValueType ValueType `json:"value_type"`
	// Percent is the percentage off, for percentage rules.
	Percent money.Percent `json:"percentage,omitempty"`
	// Amounts is the money off one unit per currency, for fixed-amount rules;
	// a currency without an amount is not discounted.
	Amounts map[money.Currency]money.Amount `json:"amounts,omitempty"`
	// OncePerOrder, for fixed-amount rules, takes the amount once off a cart,
	// shared by the lines the rule discounts, where by default it comes off
	// each unit: Shopify's appliesOnEachItem false ("only apply discount once
	// per order"). One unit alone is discounted alike either way.
	OncePerOrder bool    `json:"once_per_order,omitempty"`
	Scope        Scope   `json:"scope"`
	Targets      []int64 `json:"targets,omitempty"`
	// Markets limits the rule to these markets; empty means every market.
	Markets  []money.Market `json:"markets,omitempty"`
	StartsAt time.Time      `json:"starts_at"`
	// EndsAt is when the rule stops applying; zero means never.
	EndsAt time.Time `json:"ends_at,omitzero"`
}

// Validate reports the first thing wrong with the rule, for a person.
func (r Rule) Validate() error {
	switch {
	case r.ID <= 0:
		return fmt.Errorf("id must be a positive number")
	case r.Title == "":
		return fmt.Errorf("title is required")
	case !r.EndsAt.IsZero() && !r.EndsAt.After(r.StartsAt):
		return fmt.Errorf("ends_at must be after starts_at")
	}
	switch r.ValueType {
	case Percentage:
		if r.Percent <= 0 {
			return fmt.Errorf("percentage must be above 0")
		}
		if len(r.Amounts) > 0 {
			return fmt.Errorf("a percentage rule takes no amounts")
		}
		if r.OncePerOrder {
			return fmt.Errorf("once_per_order is for fixed_amount rules; a percentage always comes off the whole line")
		}
	case FixedAmount:
		if r.Percent != 0 {
			return fmt.Errorf("a fixed_amount rule takes no percentage")
		}
		if len(r.Amounts) == 0 {
			return fmt.Errorf("a fixed_amount rule needs amounts per currency")
		}
		for c, a := range r.Amounts {
			if !c.Valid() {
				return fmt.Errorf("amounts: %q is not one of %v", c, money.Currencies)
			}
			if a <= 0 {
				return fmt.Errorf("amounts: %s must be above 0", c)
			}
		}
	default:
		return fmt.Errorf("value_type must be %q or %q", Percentage, FixedAmount)
	}
	switch r.Scope {
	case ScopeAll:
		if len(r.Targets) > 0 {
			return fmt.Errorf("scope all takes no targets")
		}
	case ScopeCollections, ScopeProducts, ScopeVariants:
		if len(r.Targets) == 0 {
			return fmt.Errorf("scope %s needs targets", r.Scope)
		}
	default:
		return fmt.Errorf("scope must be one of all, collections, products, variants")
	}
	for _, m := range r.Markets {
		if !m.Valid() {
			return fmt.Errorf("markets: %q is not one of %v", m, money.Markets)
		}
	}
	return nil
}

// Item is what the engine needs to know of one unit of a variant in a market.
type Item struct {
	VariantID     int64
	ProductID     int64
	CollectionIDs []int64
	Market        money.Market
	// Price is the unit price in the market's currency.
	Price money.Amount
}

// Result is the discount on one unit of an item. A zero Amount means none.
type Result struct {
	Amount   money.Amount
	Currency money.Currency
	Percent  money.Percent
	Title    string
	RuleID   int64
	// ValueType is the rule's: a cart takes a percentage off a line's
	// price whole, and a fixed amount off each unit.
	ValueType ValueType
	// OnceAmount is set for a rule taken once per order: the rule's whole
	// amount, which the cart's lines it discounts share, up to their price;
	// more than Amount when they hold several units.
	OnceAmount money.Amount
}

// Best returns the discount of the rule that takes the most off one unit of
// the item at the given time, capped at the price. Equal amounts go to the
// lower rule id, so the answer never depends on the rules' order.
func Best(rules []Rule, item Item, now time.Time) Result {
	best := Result{Currency: item.Market.Currency()}
	for _, r := range rules {
		if !r.activeAt(now) || !r.coversMarket(item.Market) || !r.covers(item) {
			continue
		}
		off, ok := r.amountOff(item)
		if !ok || off <= 0 {
			continue
		}
		if off > best.Amount || (off == best.Amount && r.ID < best.RuleID) {
			best = Result{
				Amount:    off,
				Currency:  item.Market.Currency(),
				Percent:   r.percentOf(off, item.Price),
				Title:     r.Title,
				RuleID:    r.ID,
				ValueType: r.ValueType,
			}
			if r.OncePerOrder {
				best.OnceAmount = r.Amounts[item.Market.Currency()]
			}
		}
	}
	return best
}

func (r Rule) activeAt(now time.Time) bool {
	return !now.Before(r.StartsAt) && (r.EndsAt.IsZero() || now.Before(r.EndsAt))
}

func (r Rule) coversMarket(m money.Market) bool {
	return len(r.Markets) == 0 || slices.Contains(r.Markets, m)
}

func (r Rule) covers(item Item) bool {
	switch r.Scope {
	case ScopeAll:
		return true
	case ScopeProducts:
		return slices.Contains(r.Targets, item.ProductID)
	case ScopeVariants:
		return slices.Contains(r.Targets, item.VariantID)
	case ScopeCollections:
		for _, id := range item.CollectionIDs {
			if slices.Contains(r.Targets, id) {
				return true
			}
		}
	}
	return false
}

func (r Rule) amountOff(item Item) (money.Amount, bool) {
	var off money.Amount
	switch r.ValueType {
	case Percentage:
		off = r.Percent.Of(item.Price)
	case FixedAmount:
		a, ok := r.Amounts[item.Market.Currency()]
		if !ok {
			return 0, false
		}
		off = a
	}
	return min(off, item.Price), true
}

// percentOf is the rule's own percentage, or for a fixed amount the share of
// the price it takes, to the whole percent.
func (r Rule) percentOf(off, price money.Amount) money.Percent {
	if r.ValueType == Percentage {
		return r.Percent
	}
	return money.PercentOf(off, price)
}

// NextChange returns the earliest start or end of any rule after now, or the
// zero time when no rule changes state later. A cached answer is valid until
// then at most.
func NextChange(rules []Rule, now time.Time) time.Time {
	var next time.Time
	consider := func(t time.Time) {
		if t.After(now) && (next.IsZero() || t.Before(next)) {
			next = t
		}
	}
	for _, r := range rules {
		consider(r.StartsAt)
		if !r.EndsAt.IsZero() {
			consider(r.EndsAt)
		}
	}
	return next
}
