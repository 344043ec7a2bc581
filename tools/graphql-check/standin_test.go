package main

import (
	"strings"
	"testing"
)

func TestCheckAnswer(t *testing.T) {
	schema := shopLikeSchema(t)
	const query = `query Hooks { webhookSubscriptions(first: 5) { id uri topic } }`
	for _, test := range []struct {
		name, answer string
		want         []string
	}{
		{"as asked", `{"data":{"webhookSubscriptions":[{"id":"gid://shopify/WebhookSubscription/1","uri":"https://k.example/w","topic":"PRODUCTS_UPDATE"}]}}`, nil},
		{"none", `{"data":{"webhookSubscriptions":[]}}`, nil},
		{"null nodes", `{"data":{"webhookSubscriptions":null}}`,
			[]string{"internal/shopifydev: Hooks: data.webhookSubscriptions: null, but [WebhookSubscription!]! is never null"}},
		{"a field not asked for", `{"data":{"webhookSubscriptions":[{"id":"1","uri":"u","topic":"PRODUCTS_UPDATE","callbackUrl":"u"}]}}`,
			[]string{"internal/shopifydev: Hooks: data.webhookSubscriptions[0].callbackUrl: not selected"}},
		{"a field asked for and missing", `{"data":{"webhookSubscriptions":[{"id":"1","topic":"PRODUCTS_UPDATE"}]}}`,
			[]string{"internal/shopifydev: Hooks: data.webhookSubscriptions[0].uri: selected, missing from the answer"}},
		{"an enum value of no enum", `{"data":{"webhookSubscriptions":[{"id":"1","uri":"u","topic":"PRODUCT_UPDATE"}]}}`,
			[]string{"internal/shopifydev: Hooks: data.webhookSubscriptions[0].topic: PRODUCT_UPDATE is not a value of WebhookSubscriptionTopic"}},
		{"a number for a string", `{"data":{"webhookSubscriptions":[{"id":1,"uri":"u","topic":"PRODUCTS_UPDATE"}]}}`,
			[]string{"internal/shopifydev: Hooks: data.webhookSubscriptions[0].id: 1 is not a ID"}},
		{"errors", `{"data":{"webhookSubscriptions":[]},"errors":[{"message":"Throttled"}]}`,
			[]string{"internal/shopifydev: Hooks: Hooks: the answer has errors: [map[message:Throttled]]"}},
	} {
		t.Run(test.name, func(t *testing.T) {
			name, problems := checkAnswer(schema, query, []byte(test.answer))
			var got []string
			for _, p := range problems {
				got = append(got, p.String())
			}
			if name != "Hooks" || strings.Join(got, "\n") != strings.Join(test.want, "\n") {
				t.Errorf("%s: got %q, want %q", name, got, test.want)
			}
		})
	}
}
