package store_test

import (
	"context"
	"testing"
	"time"

	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

func TestAddWebhookEventKeepsEachEventOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		received := time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)
		event := store.WebhookEvent{
			ID: "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043", Topic: "products/update", ShopDomain: "knit-shop.myshopify.com",
			TriggeredAt: received.Add(-time.Second), ReceivedAt: received, Body: []byte(`{"id":8123456000001}`),
		}
		for _, test := range []struct {
			name      string
			event     store.WebhookEvent
			wantAdded bool
		}{
			{"a new event", event, true},
			{"the same event delivered again", event, false},
			{"another event without a trigger time", store.WebhookEvent{ID: "other", Topic: "products/delete", ShopDomain: "knit-shop.myshopify.com", ReceivedAt: received, Body: []byte(`{}`)}, true},
		} {
			added, err := db.AddWebhookEvent(ctx, test.event)
			if err != nil || added != test.wantAdded {
				t.Errorf("%s: added %v, %v; want %v", test.name, added, err, test.wantAdded)
			}
		}
	})
}
