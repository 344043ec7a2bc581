package shopify_test

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"knitfront/internal/catalog"
	"knitfront/internal/demo"
	"knitfront/internal/shopify"
)

// TestRereadAgainstTheStandIn re-reads what webhooks name against the
// catalogue a full sync wrote: a product read alone comes back as the bulk
// query read it, with the same discounts.
func TestRereadAgainstTheStandIn(t *testing.T) {
	_, client := standIn(t, nil)
	ctx := context.Background()
	held, _, err := fetch(ctx, client, demo.Catalog().Knitters)
	if err != nil {
		t.Fatal(err)
	}
	held.Knitters = demo.Catalog().Knitters
	first, second := held.Products[0], held.Products[1]
	event := func(topic, body string) []shopify.WebhookEvent {
		return []shopify.WebhookEvent{{ID: "e", Topic: topic, Body: []byte(body)}}
	}
	for _, test := range []struct {
		name         string
		events       []shopify.WebhookEvent
		wantFull     bool
		wantProducts []catalog.Product
		wantDeleted  []int64
		wantSkipped  string
	}{
		{"a product updated", event("products/update", fmt.Sprintf(`{"id":%d}`, first.ID)), false, []catalog.Product{first}, nil, ""},
		{"a product the shop no longer has", event("products/delete", `{"id":999}`), false, nil, []int64{999}, ""},
		{"an inventory level", event("inventory_levels/update", fmt.Sprintf(`{"inventory_item_id":%d}`, second.Variants[0].ID)), false, []catalog.Product{second}, nil, ""},
		{"an inventory item of no variant", event("inventory_levels/update", `{"inventory_item_id":5}`), false, nil, nil, "gid://shopify/InventoryItem/5"},
		{"a collection", event("collections/update", `{"id":1}`), true, nil, nil, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, err := client.Reread(ctx, held, test.events)
			if err != nil {
				t.Fatal(err)
			}
			if got.FullSync != test.wantFull {
				t.Fatalf("full sync %v, want %v", got.FullSync, test.wantFull)
			}
			if test.wantFull {
				return
			}
			if len(got.Changes.Products)+len(test.wantProducts) > 0 && !reflect.DeepEqual(got.Changes.Products, test.wantProducts) {
				t.Errorf("products read again:\n%+v\nwant\n%+v", got.Changes.Products, test.wantProducts)
			}
			if !slices.Equal(got.Changes.Deleted, test.wantDeleted) {
				t.Errorf("deleted %v, want %v", got.Changes.Deleted, test.wantDeleted)
			}
			if !reflect.DeepEqual(got.Changes.Discounts, held.Discounts) {
				t.Errorf("discounts read again:\n%+v\nwant those of the full sync\n%+v", got.Changes.Discounts, held.Discounts)
			}
			skippedItem := slices.ContainsFunc(got.Skipped, func(s shopify.Skipped) bool { return s.Item == test.wantSkipped })
			if test.wantSkipped != "" && !skippedItem {
				t.Errorf("skipped %v, want %s among them", got.Skipped, test.wantSkipped)
			}
		})
	}
}
