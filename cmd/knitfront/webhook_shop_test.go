package main

import (
	"testing"

	"knitfront/internal/shopifydev"
)

// TestWebhookShop holds which shop's webhooks are kept: the configured
// shop's, a stand-in's, or, with no shop under serve, none.
func TestWebhookShop(t *testing.T) {
	for _, test := range []struct {
		name string
		c    shopifyConfig
		want string
	}{
		{"a shop's domain", shopifyConfig{Shop: "Knit-Shop.myshopify.com"}, "knit-shop.myshopify.com"},
		{"a shop's base URL", shopifyConfig{Shop: "https://knit-shop.myshopify.com"}, "knit-shop.myshopify.com"},
		{"a stand-in's base URL", shopifyConfig{Shop: "http://127.0.0.1:8081"}, shopifydev.ShopDomain},
		{"dev's own stand-in", shopifyConfig{devShop: true}, shopifydev.ShopDomain},
		{"no shop under serve", shopifyConfig{}, ""},
	} {
		if got := test.c.webhookShop(); got != test.want {
			t.Errorf("%s: %q, want %q", test.name, got, test.want)
		}
	}
}
