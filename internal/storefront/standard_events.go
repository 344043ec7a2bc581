package storefront

import (
	"encoding/json"
	"fmt"

	"knitfront/internal/money"
)

// standardEventData is standard_event_data: the payload of Shopify's
// standard storefront event for a resource, in the Storefront API's shape,
// as JSON: {"product": {...}} with its selectedVariant for a product,
// {"collection": {...}} and {"cart": {...}}. Horizon prints it in
// view-event-payload attributes and reads the selected variant from it.
func standardEventData(currency money.Currency) func(v any, _ ...any) string {
	amount := func(cents int64) map[string]string {
		return map[string]string{"amount": fmt.Sprintf("%d.%02d", cents/100, cents%100), "currencyCode": string(currency)}
	}
	return func(v any, _ ...any) string {
		var payload map[string]any
		switch r := v.(type) {
		case *productObject:
			if r == nil {
				return "{}"
			}
			product := map[string]any{"id": fmt.Sprintf("gid://shopify/Product/%d", r.ID), "title": r.Title, "handle": r.Handle, "vendor": r.Vendor}
			if variant := r.SelectedOrFirstAvailableVariant; variant != nil {
				product["selectedVariant"] = map[string]any{"id": fmt.Sprintf("gid://shopify/ProductVariant/%d", variant.ID),
					"title": variant.Title, "sku": variant.SKU, "price": amount(variant.Price)}
			}
			payload = map[string]any{"product": product}
		case *collectionObject:
			if r == nil {
				return "{}"
			}
			payload = map[string]any{"collection": map[string]any{"id": fmt.Sprintf("gid://shopify/Collection/%d", r.ID), "title": r.Title, "handle": r.Handle}}
		case *cartObject:
			if r == nil {
				return "{}"
			}
			payload = map[string]any{"cart": map[string]any{"id": "gid://shopify/Cart/" + r.Token, "totalQuantity": r.ItemCount,
				"cost": map[string]any{"totalAmount": amount(r.TotalPrice)}}}
		default:
			return "{}"
		}
		b, _ := json.Marshal(payload)
		return string(b)
	}
}
