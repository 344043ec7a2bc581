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
	"strings"
	"time"
	"unicode/utf8"
)

// MaxWebhookBytes bounds a webhook's body; Shopify's are far smaller.
const MaxWebhookBytes = 1 << 20

// The bounds of a webhook worth keeping. Shopify retries a delivery for 4
// hours at most, so one triggered more than a day ago is a replay, and one
// triggered more than an hour ahead of this clock is forged or hopelessly
// skewed. Its event ids are UUIDs: far shorter than MaxWebhookEventID.
const (
	MaxWebhookAge     = 24 * time.Hour
	MaxWebhookAhead   = time.Hour
	MaxWebhookEventID = 255
)

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
// Only the body is signed, so a signed body may come back under other
// headers: an event of another shop than Shop, or triggered outside the
// bounds above, is answered 200 (Shopify would only retry it, and no retry
// can make it keepable) and not kept.
type WebhookReceiver struct {
	Secret []byte
	// Shop is the *.myshopify.com domain whose webhooks are kept.
	Shop string
	Save func(ctx context.Context, e WebhookEvent) (added bool, err error)
	Log  *slog.Logger
	Now  func() time.Time
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
	triggeredAt, err := time.Parse(time.RFC3339Nano, r.Header.Get("X-Shopify-Triggered-At"))
	e.TriggeredAt = triggeredAt.UTC()
	if e.ID == "" || utf8.RuneCountInString(e.ID) > MaxWebhookEventID || e.Topic == "" || err != nil || !json.Valid(body) {
		h.Log.Warn("signed webhook refused as malformed", "topic", e.Topic, "event_id", truncated(e.ID), "json", json.Valid(body))
		webhookError(w, http.StatusBadRequest, "malformed", "A webhook needs X-Shopify-Event-Id (at most 255 characters), X-Shopify-Topic, X-Shopify-Triggered-At and a JSON body.")
		return
	}
	if reason := h.notKeepable(e); reason != "" {
		h.Log.Warn("signed webhook not kept: "+reason, "topic", e.Topic, "event_id", e.ID, "shop", e.ShopDomain, "triggered_at", e.TriggeredAt)
		w.WriteHeader(http.StatusOK)
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

// notKeepable says why a well-formed signed event is not kept: another
// shop's, or triggered too long ago or too far ahead; "" when it is kept.
func (h *WebhookReceiver) notKeepable(e WebhookEvent) string {
	switch {
	case h.Shop == "" || !strings.EqualFold(e.ShopDomain, h.Shop):
		return "it is not from the configured shop"
	case e.ReceivedAt.Sub(e.TriggeredAt) > MaxWebhookAge:
		return "it was triggered more than a day ago"
	case e.TriggeredAt.Sub(e.ReceivedAt) > MaxWebhookAhead:
		return "it was triggered more than an hour ahead of this server's clock"
	}
	return ""
}

// truncated is an event id short enough to log.
func truncated(id string) string {
	if utf8.RuneCountInString(id) <= 64 {
		return id
	}
	return string([]rune(id)[:64]) + "…"
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
