package shopify

import (
	"reflect"
	"testing"
)

func TestPlanReread(t *testing.T) {
	event := func(topic, body string) WebhookEvent {
		return WebhookEvent{ID: topic + body, Topic: topic, Body: []byte(body)}
	}
	for _, test := range []struct {
		name        string
		events      []WebhookEvent
		want        rereadWork
		wantSkipped int
	}{
		{"each product once, in the order first named", []WebhookEvent{
			event("products/update", `{"id":2}`), event("products/create", `{"id":1}`),
			event("products/update", `{"id":2,"title":"late"}`), event("products/delete", `{"id":3}`),
		}, rereadWork{products: []int64{2, 1, 3}}, 0},
		{"inventory levels name their item", []WebhookEvent{
			event("inventory_levels/update", `{"inventory_item_id":7,"available":0}`),
			event("inventory_levels/update", `{"inventory_item_id":7,"available":3}`),
		}, rereadWork{inventoryItems: []int64{7}}, 0},
		{"discounts only read the discounts again", []WebhookEvent{
			event("discounts/update", `{"admin_graphql_api_id":"gid://shopify/DiscountAutomaticNode/1"}`),
		}, rereadWork{}, 0},
		{"a collection asks for a full sync", []WebhookEvent{
			event("products/update", `{"id":2}`), event("collections/update", `{"id":9}`),
		}, rereadWork{products: []int64{2}, fullSync: true}, 0},
		{"a selling plan group asks for a full sync", []WebhookEvent{
			event("selling_plan_groups/delete", `{}`),
		}, rereadWork{fullSync: true}, 0},
		{"a product without an id is skipped", []WebhookEvent{
			event("products/update", `{"title":"no id"}`), event("inventory_levels/update", `[]`),
		}, rereadWork{}, 2},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, skipped := planReread(test.events)
			if !reflect.DeepEqual(got, test.want) || len(skipped) != test.wantSkipped {
				t.Errorf("planReread = %+v, %v; want %+v and %d skipped", got, skipped, test.want, test.wantSkipped)
			}
		})
	}
}
