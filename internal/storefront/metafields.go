package storefront

import (
	"encoding/json"
	"math"
)

// Metafields are the metafields an app wrote into the shop, as Liquid reads
// them: under dev, the Admin API stand-in's, which knitfront's sync writes.
// *shopifydev.Server implements it.
type Metafields interface {
	// VariantMetafield returns the variant's metafield and its type, and
	// false when none is written.
	VariantMetafield(variantID int64, namespace, key string) (typ, value string, ok bool)
	// ShopMetafield returns the shop's metafield and its type, and false
	// when none is written.
	ShopMetafield(namespace, key string) (typ, value string, ok bool)
}

// appNamespaces are the metafield namespaces the dev storefront asks the
// shop for, with their keys: knitfront's, which its theme prints the final
// prices from.
var appNamespaces = map[string][]string{"knitfront": {"discounts", "rates"}}

// addMetafields adds to into the metafields of the app's namespaces that
// read finds, read by namespace and key.
func addMetafields(into map[string]map[string]*metafield, read func(namespace, key string) (string, string, bool)) {
	for namespace, keys := range appNamespaces {
		for _, key := range keys {
			typ, value, ok := read(namespace, key)
			if !ok {
				continue
			}
			if into[namespace] == nil {
				into[namespace] = map[string]*metafield{}
			}
			into[namespace][key] = &metafield{Type: typ, Value: liquidValue(typ, value)}
		}
	}
}

// variantMetafields adds the variant's metafields of the app's namespaces.
func (b *productObjects) variantMetafields(o *variantObject) {
	if b.metafields == nil {
		return
	}
	addMetafields(o.Metafields, func(namespace, key string) (string, string, bool) {
		return b.metafields.VariantMetafield(o.ID, namespace, key)
	})
}

// shopMetafields are the shop's metafields of the app's namespaces.
func shopMetafields(m Metafields) map[string]map[string]*metafield {
	out := map[string]map[string]*metafield{}
	if m != nil {
		addMetafields(out, m.ShopMetafield)
	}
	return out
}

// liquidValue is a metafield's value as Liquid gives it: a json metafield's
// as the object it holds, with whole numbers as integers, as Shopify's
// Liquid compares and computes with them; any other type's as its text.
// A json value that does not parse is nil, as Shopify gives none.
func liquidValue(typ, value string) any {
	if typ != "json" {
		return value
	}
	var v any
	if err := json.Unmarshal([]byte(value), &v); err != nil {
		return nil
	}
	return wholeNumbers(v)
}

func wholeNumbers(v any) any {
	switch x := v.(type) {
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int64(x)
		}
	case map[string]any:
		for k, e := range x {
			x[k] = wholeNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = wholeNumbers(e)
		}
	}
	return v
}
