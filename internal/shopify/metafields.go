package shopify

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"knitfront/internal/money"
	"knitfront/internal/pricing"
)

// The metafields knitfront writes into the shop so that a theme prints the
// final price at first paint, with no request of its own. The namespace is
// a merchant-owned one, which Liquid reads in any theme and in the app's
// blocks alike.
const (
	MetafieldNamespace = "knitfront"
	// DiscountsKey is each variant's metafield: the automatic discount
	// that applies now in each market, by the market's currency.
	DiscountsKey = "discounts"
	// RatesKey is the shop's metafield: the display rates the widgets
	// convert with, by the currency converted from.
	RatesKey = "rates"
	// metafieldType is both metafields' type: Liquid reads a json
	// metafield's value as an object.
	metafieldType = "json"
)

// MetafieldScopes are the Admin API access scopes writing the metafields
// needs: a variant's metafields are written with the access that edits the
// variant, write_products; the shop's need no scope of their own.
var MetafieldScopes = []string{"write_products"}

// Metafield is one metafield to write, as metafieldsSet takes it.
type Metafield struct {
	OwnerID   string `json:"ownerId"`
	Namespace string `json:"namespace"`
	Key       string `json:"key"`
	Type      string `json:"type"`
	Value     string `json:"value"`
}

// ThemeRates are the display rates a theme and the widgets convert with:
// for each currency, what one unit of it buys of each other, as
// currency-rates answers, the day they are for, and when a page is to stop
// converting with them (zero: never).
type ThemeRates struct {
	Date    time.Time
	Rates   map[money.Currency]map[money.Currency]float64
	StaleAt time.Time
}

// themeRatesValue is the rates metafield's JSON.
type themeRatesValue struct {
	Date    string                                        `json:"date"`
	Rates   map[money.Currency]map[money.Currency]float64 `json:"rates"`
	StaleAt time.Time                                     `json:"stale_at,omitzero"`
}

// ThemeMetafields is every metafield a theme prints the final prices from:
// each variant's discounts (an empty object for a variant discounted
// nowhere, so that one written earlier is cleared) and, with rates, the
// shop's rates; in the order of the variants' ids, the shop's last. It does
// no I/O.
func ThemeMetafields(shopID string, discounts map[int64]map[money.Currency]pricing.ThemeDiscount, rates *ThemeRates) []Metafield {
	ids := slices.Sorted(func(yield func(int64) bool) {
		for id := range discounts {
			if !yield(id) {
				return
			}
		}
	})
	fields := make([]Metafield, 0, len(ids)+1)
	for _, id := range ids {
		fields = append(fields, jsonMetafield(gidOf("ProductVariant", id), DiscountsKey, discounts[id]))
	}
	if rates != nil {
		fields = append(fields, jsonMetafield(shopID, RatesKey, themeRatesValue{
			Date: rates.Date.UTC().Format(time.DateOnly), Rates: rates.Rates, StaleAt: rates.StaleAt.UTC(),
		}))
	}
	return fields
}

func jsonMetafield(owner, key string, value any) Metafield {
	// Maps encode with sorted keys, so a value that did not change encodes
	// the same and is not written again.
	b, err := json.Marshal(value)
	if err != nil {
		panic("shopify: a theme metafield does not encode: " + err.Error())
	}
	return Metafield{OwnerID: owner, Namespace: MetafieldNamespace, Key: key, Type: metafieldType, Value: string(b)}
}

// metafieldID names a metafield among the others: its owner, namespace and key.
func (m Metafield) metafieldID() string {
	return strings.Join([]string{m.OwnerID, m.Namespace, m.Key}, "|")
}

// unwritten returns the fields whose value differs from the one written
// last, as written holds them by metafieldID; a field never written is
// among them.
func unwritten(fields []Metafield, written map[string]string) []Metafield {
	var out []Metafield
	for _, f := range fields {
		if last, ok := written[f.metafieldID()]; !ok || last != f.Value {
			out = append(out, f)
		}
	}
	return out
}
