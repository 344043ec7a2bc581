package shopify

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"
)

// MaxWebhookBytes bounds a webhook's body; Shopify's are far smaller.
const MaxWebhookBytes = 1 << 20

// WebhookTopics are the topics knitfront keeps, as Shopify's headers name
// them; any other is answered 200 and logged, so Shopify does not retry it.
var WebhookTopics = map[string]bool{
	"products/create": true, "products/update": true, "products/delete": true,
	"collections/update": true, "collections/delete": true,
	"discounts/create": true, "discounts/update": true, "discounts/delete": true,
	"selling_plan_groups/create": true, "selling_plan_groups/update": true, "selling_plan_groups/delete": true,
	"inventory_levels/update": true,
}

// WebhookEvent is a verified webhook of a known topic.
type WebhookEvent struct {
	ID          string
	Topic       string
	ShopDomain  string
	TriggeredAt time.Time
	ReceivedAt  time.Time
	Body        []byte
}

// WebhookReceiver answers POST /webhooks/shopify: it verifies the
// signature before anything else, then keeps the event durably through
// Save before it answers 200. Save reports false for an event kept before.
type WebhookReceiver struct {
	Secret []byte
	Save   func(ctx context.Context, e WebhookEvent) (added bool, err error)
	Log    *slog.Logger
	Now    func() time.Time
}

func (h *WebhookReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxWebhookBytes))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		webhookError(w, http.StatusRequestEntityTooLarge, "too_large", "A webhook body is at most 1 MiB.")
		return
	case err != nil:
		webhookError(w, http.StatusBadRequest, "unreadable", "The body could not be read.")
		return
	}
	if !h.signed(body, r.Header.Get("X-Shopify-Hmac-Sha256")) {
		h.Log.Warn("webhook with a bad or missing signature refused", "topic", r.Header.Get("X-Shopify-Topic"))
		webhookError(w, http.StatusUnauthorized, "bad_signature", "The webhook's signature does not match.")
		return
	}
	e := WebhookEvent{
		ID: r.Header.Get("X-Shopify-Event-Id"), Topic: r.Header.Get("X-Shopify-Topic"),
		ShopDomain: r.Header.Get("X-Shopify-Shop-Domain"), ReceivedAt: h.Now().UTC(), Body: body,
	}
	if t, err := time.Parse(time.RFC3339Nano, r.Header.Get("X-Shopify-Triggered-At")); err == nil {
		e.TriggeredAt = t.UTC()
	}
	if e.ID == "" || e.Topic == "" || !json.Valid(body) {
		h.Log.Warn("signed webhook refused as malformed", "topic", e.Topic, "event_id", e.ID, "json", json.Valid(body))
		webhookError(w, http.StatusBadRequest, "malformed", "A webhook needs X-Shopify-Event-Id, X-Shopify-Topic and a JSON body.")
		return
	}
	if !WebhookTopics[e.Topic] {
		h.Log.Info("webhook of a topic knitfront does not use, ignored", "topic", e.Topic, "event_id", e.ID)
		w.WriteHeader(http.StatusOK)
		return
	}
	added, err := h.Save(r.Context(), e)
	if err != nil {
		h.Log.Error("keeping a webhook failed; Shopify will send it again", "topic", e.Topic, "event_id", e.ID, "err", err)
		webhookError(w, http.StatusServiceUnavailable, "unavailable", "The webhook could not be kept; send it again later.")
		return
	}
	h.Log.Info("webhook kept", "topic", e.Topic, "event_id", e.ID, "repeated", !added)
	w.WriteHeader(http.StatusOK)
}

// signed reports whether signature is the base64 HMAC-SHA256 of body under
// the secret, compared in constant time.
func (h *WebhookReceiver) signed(body []byte, signature string) bool {
	got, err := base64.StdEncoding.DecodeString(signature)
	if err != nil || len(h.Secret) == 0 {
		return false
	}
	return hmac.Equal(got, webhookMAC(h.Secret, body))
}

// WebhookSignature is the X-Shopify-Hmac-Sha256 header Shopify sends with
// body when it signs it with secret, the app's client secret.
func WebhookSignature(secret, body []byte) string {
	return base64.StdEncoding.EncodeToString(webhookMAC(secret, body))
}

func webhookMAC(secret, body []byte) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return mac.Sum(nil)
}

// webhookError answers in the API's error shape.
func webhookError(w http.ResponseWriter, status int, code, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"code": code, "message": message}})
}
