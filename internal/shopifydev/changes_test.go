package shopifydev

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"knitfront/internal/demo"
	"knitfront/internal/shopify"
)

// TestChangesSendSignedWebhooks posts changes to the dev-only endpoint and
// checks the webhook each sends passes knitfront's signature check.
func TestChangesSendSignedWebhooks(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	doc := demo.Catalog()
	s := New(doc, "shpat_dev", func() time.Time { return now })
	var received []shopify.WebhookEvent
	receiver := &shopify.WebhookReceiver{
		Secret: []byte("shpss_dev"),
		Shop:   ShopDomain,
		Save: func(_ context.Context, e shopify.WebhookEvent) (bool, error) {
			received = append(received, e)
			return true, nil
		},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return now },
	}
	target := httptest.NewServer(receiver)
	defer target.Close()
	s.SendWebhooksTo(target.URL, []byte("shpss_dev"))
	variant := doc.Products[0].Variants[0].ID
	for _, test := range []struct {
		name       string
		body       string
		wantStatus int
		wantTopic  string
	}{
		{"a new price", `{"change":"price","variant":` + itoa(variant) + `,"market":"LT","price":12.5}`, 200, "products/update"},
		{"a variant sold out", `{"change":"sell-out","variant":` + itoa(variant) + `}`, 200, "inventory_levels/update"},
		{"a discount ended", `{"change":"end-discount","discount":` + itoa(doc.Discounts[0].ID) + `}`, 200, "discounts/update"},
		{"an unknown variant", `{"change":"sell-out","variant":1}`, 404, ""},
		{"a price of nothing", `{"change":"price","variant":` + itoa(variant) + `,"market":"LT","price":0}`, 400, ""},
		{"an unknown change", `{"change":"rename"}`, 400, ""},
		{"not JSON", `price`, 400, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			received = nil
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, ChangesPath, strings.NewReader(test.body)))
			if rec.Code != test.wantStatus {
				t.Fatalf("status %d, want %d: %s", rec.Code, test.wantStatus, rec.Body)
			}
			var topics []string
			for _, e := range received {
				topics = append(topics, e.Topic)
			}
			if got := strings.Join(topics, ","); got != test.wantTopic {
				t.Errorf("webhooks received %q, want %q", got, test.wantTopic)
			}
		})
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
