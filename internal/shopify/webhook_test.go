package shopify

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

const webhookSecret = "hush"

func sign(body string) string {
	mac := hmac.New(sha256.New, []byte(webhookSecret))
	mac.Write([]byte(body))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// with is headers with one changed.
func with(headers map[string]string, key, value string) map[string]string {
	headers[key] = value
	return headers
}

func TestWebhookReceiver(t *testing.T) {
	const body = `{"id":8123456000001,"title":"Harbour sweater"}`
	headers := func(signature, topic, id string) map[string]string {
		return map[string]string{"X-Shopify-Hmac-Sha256": signature, "X-Shopify-Topic": topic, "X-Shopify-Event-Id": id,
			"X-Shopify-Shop-Domain": "knit-shop.myshopify.com", "X-Shopify-Triggered-At": "2026-11-26T19:00:00.123Z"}
	}
	for _, test := range []struct {
		name       string
		body       string
		headers    map[string]string
		saveErr    error
		deliveries int
		wantStatus int
		wantSaved  int
	}{
		{"a signed event is kept", body, headers(sign(body), "products/update", "e1"), nil, 1, 200, 1},
		{"a repeated event is answered 200", body, headers(sign(body), "products/update", "e1"), nil, 2, 200, 2},
		{"a forged signature", body, headers(sign(body+" "), "products/update", "e2"), nil, 1, 401, 0},
		{"no signature", body, headers("", "products/update", "e2"), nil, 1, 401, 0},
		{"a signature that is not base64", body, headers("%%%", "products/update", "e2"), nil, 1, 401, 0},
		{"a signed body that is not JSON", `{"id":`, headers(sign(`{"id":`), "products/update", "e3"), nil, 1, 400, 0},
		{"no event id", body, headers(sign(body), "products/update", ""), nil, 1, 400, 0},
		{"an unknown topic", body, headers(sign(body), "orders/create", "e4"), nil, 1, 200, 0},
		{"a body over 1 MiB", strings.Repeat(" ", MaxWebhookBytes+1), headers("", "products/update", "e5"), nil, 1, 413, 0},
		{"the inbox fails", body, headers(sign(body), "products/update", "e6"), errors.New("database down"), 1, 503, 1},
		{"an event id of 255 characters", body, headers(sign(body), "products/update", strings.Repeat("é", 255)), nil, 1, 200, 1},
		{"an event id of 256 characters", body, headers(sign(body), "products/update", strings.Repeat("é", 256)), nil, 1, 400, 0},
		{"an event id of 40,000 characters", body, headers(sign(body), "products/update", strings.Repeat("e", 40000)), nil, 1, 400, 0},
		{"another shop's event", body, with(headers(sign(body), "products/update", "e7"), "X-Shopify-Shop-Domain", "other-shop.myshopify.com"), nil, 1, 200, 0},
		{"no shop domain", body, with(headers(sign(body), "products/update", "e7"), "X-Shopify-Shop-Domain", ""), nil, 1, 200, 0},
		{"the shop's domain in capitals", body, with(headers(sign(body), "products/update", "e7"), "X-Shopify-Shop-Domain", "Knit-Shop.myshopify.com"), nil, 1, 200, 1},
		{"triggered a day ago", body, with(headers(sign(body), "products/update", "e8"), "X-Shopify-Triggered-At", "2026-11-25T19:00:01Z"), nil, 1, 200, 1},
		{"triggered a day and a second ago", body, with(headers(sign(body), "products/update", "e8"), "X-Shopify-Triggered-At", "2026-11-25T19:00:00Z"), nil, 1, 200, 0},
		{"triggered an hour ahead", body, with(headers(sign(body), "products/update", "e9"), "X-Shopify-Triggered-At", "2026-11-26T20:00:01Z"), nil, 1, 200, 1},
		{"triggered an hour and a second ahead", body, with(headers(sign(body), "products/update", "e9"), "X-Shopify-Triggered-At", "2026-11-26T20:00:02Z"), nil, 1, 200, 0},
		{"no trigger time", body, with(headers(sign(body), "products/update", "e10"), "X-Shopify-Triggered-At", ""), nil, 1, 400, 0},
		{"a trigger time that is not one", body, with(headers(sign(body), "products/update", "e10"), "X-Shopify-Triggered-At", "yesterday"), nil, 1, 400, 0},
	} {
		t.Run(test.name, func(t *testing.T) {
			var saved []WebhookEvent
			seen := map[string]bool{}
			h := &WebhookReceiver{
				Secret: []byte(webhookSecret),
				Shop:   "knit-shop.myshopify.com",
				Save: func(_ context.Context, e WebhookEvent) (bool, error) {
					saved = append(saved, e)
					if test.saveErr != nil {
						return false, test.saveErr
					}
					added := !seen[e.ID]
					seen[e.ID] = true
					return added, nil
				},
				Log: slog.New(slog.DiscardHandler),
				Now: func() time.Time { return time.Date(2026, 11, 26, 19, 0, 1, 0, time.UTC) },
			}
			for range test.deliveries {
				req := httptest.NewRequest(http.MethodPost, "/webhooks/shopify", strings.NewReader(test.body))
				for k, v := range test.headers {
					req.Header.Set(k, v)
				}
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != test.wantStatus {
					t.Errorf("status %d, want %d: %s", rec.Code, test.wantStatus, rec.Body)
				}
			}
			if len(saved) != test.wantSaved {
				t.Fatalf("%d saves, want %d", len(saved), test.wantSaved)
			}
			if len(saved) > 0 {
				e := saved[0]
				triggeredAt, _ := time.Parse(time.RFC3339Nano, test.headers["X-Shopify-Triggered-At"])
				if e.Topic != "products/update" || !strings.EqualFold(e.ShopDomain, "knit-shop.myshopify.com") || string(e.Body) != test.body ||
					!e.TriggeredAt.Equal(triggeredAt) {
					t.Errorf("saved %+v", e)
				}
			}
		})
	}
}
