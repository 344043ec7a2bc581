package shopify

import "testing"

func TestCheckWebhookAddress(t *testing.T) {
	for _, test := range []struct {
		address string
		ok      bool
	}{
		{"https://knitfront.example/webhooks/shopify", true},
		{"http://127.0.0.1:8080/webhooks/shopify", true},
		{"http://localhost:8080/webhooks/shopify", true},
		{"http://[::1]:8080/webhooks/shopify", true},
		{"http://knitfront.example/webhooks/shopify", false},
		{"https://knitfront.example/webhooks/shopify?token=1", false},
		{"knitfront.example/webhooks/shopify", false},
		{"ftp://knitfront.example/", false},
	} {
		if err := CheckWebhookAddress(test.address); (err == nil) != test.ok {
			t.Errorf("CheckWebhookAddress(%q) = %v, want ok %v", test.address, err, test.ok)
		}
	}
}

func TestSubscriptionTopics(t *testing.T) {
	topics := SubscriptionTopics()
	if len(topics) != len(WebhookTopics) || topics[0] != "COLLECTIONS_DELETE" || topics[len(topics)-1] != "SELLING_PLAN_GROUPS_UPDATE" {
		t.Errorf("SubscriptionTopics() = %v", topics)
	}
}
