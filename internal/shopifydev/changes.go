package shopifydev

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/money"
	"knitfront/internal/shopify"
)

// ChangesPath is the stand-in's dev-only endpoint that changes its shop as
// a merchant would in Shopify's admin.
const ChangesPath = "/admin/dev/changes"

// ShopDomain is the stand-in shop's name in the webhooks it sends.
const ShopDomain = "knitfront-dev.myshopify.com"

// webhookTarget is where the stand-in sends its webhooks, signed with secret.
type webhookTarget struct {
	address string
	secret  []byte
	client  *http.Client
}

// SendWebhooksTo makes every later change send its webhook to address,
// signed with secret as Shopify signs them with the app's client secret.
func (s *Server) SendWebhooksTo(address string, secret []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.webhooks = webhookTarget{address: address, secret: secret, client: &http.Client{Timeout: 5 * time.Second}}
}

// Change is one change to the stand-in's shop, as its endpoint takes it.
type Change struct {
	// Kind is "price", "end-discount" or "sell-out".
	Kind     string       `json:"change"`
	Variant  int64        `json:"variant"`
	Market   money.Market `json:"market"`
	Price    money.Amount `json:"price"`
	Discount int64        `json:"discount"`
}

var (
	// errNotFound is a change naming a variant or discount the shop does not have.
	errNotFound = errors.New("the shop has no such variant or discount")
	// errBadChange is a change the shop cannot make.
	errBadChange = errors.New("not a change the shop can make")
)

// Apply makes the change, then sends its webhook when a target is set.
func (s *Server) Apply(c Change) error {
	s.mu.Lock()
	topic, body, err := s.change(c)
	target := s.webhooks
	s.mu.Unlock()
	if err != nil || target.address == "" {
		return err
	}
	return target.send(topic, body, s.now())
}

// change edits the shop and says which webhook Shopify would send for it.
func (s *Server) change(c Change) (topic string, body map[string]any, err error) {
	switch c.Kind {
	case "price":
		if !c.Market.Valid() || c.Price <= 0 {
			return "", nil, fmt.Errorf("%w: a price change needs a market of %v and a price above 0", errBadChange, money.Markets)
		}
		p, v := s.variant(c.Variant)
		if v == nil {
			return "", nil, errNotFound
		}
		prices := maps.Clone(v.Prices)
		price := prices[c.Market]
		price.Amount = c.Price
		prices[c.Market] = price
		v.Prices = prices
		return "products/update", map[string]any{"id": p.ID, "admin_graphql_api_id": gidOf("Product", p.ID), "updated_at": s.now().UTC().Format(time.RFC3339)}, nil
	case "sell-out":
		_, v := s.variant(c.Variant)
		if v == nil {
			return "", nil, errNotFound
		}
		v.Inventory = 0
		return "inventory_levels/update", map[string]any{"inventory_item_id": v.ID, "location_id": 1, "available": 0, "updated_at": s.now().UTC().Format(time.RFC3339)}, nil
	case "end-discount":
		for i := range s.shop.rules {
			if r := &s.shop.rules[i]; r.ID == c.Discount {
				r.EndsAt = s.now().UTC()
				return "discounts/update", map[string]any{"admin_graphql_api_id": gidOf("DiscountAutomaticNode", r.ID), "title": r.Title, "status": "EXPIRED", "updated_at": s.now().UTC().Format(time.RFC3339)}, nil
			}
		}
		return "", nil, errNotFound
	}
	return "", nil, fmt.Errorf("%w: a change is one of price, end-discount, sell-out, not %q", errBadChange, c.Kind)
}

// variant finds a variant, to be changed in place, and its product.
func (s *Server) variant(id int64) (*catalog.Product, *catalog.Variant) {
	for i := range s.shop.products {
		p := &s.shop.products[i]
		for j := range p.Variants {
			if p.Variants[j].ID == id {
				return p, &p.Variants[j]
			}
		}
	}
	return nil, nil
}

// send posts one webhook as Shopify does: the topic, a new event id and the
// base64 HMAC-SHA256 of the body in headers.
func (t webhookTarget) send(topic string, body map[string]any, now time.Time) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	eventID := make([]byte, 16)
	_, _ = rand.Read(eventID)
	req, err := http.NewRequest(http.MethodPost, t.address, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Shopify-Topic", topic)
	req.Header.Set("X-Shopify-Hmac-Sha256", shopify.WebhookSignature(t.secret, raw))
	req.Header.Set("X-Shopify-Event-Id", hex.EncodeToString(eventID))
	req.Header.Set("X-Shopify-Shop-Domain", ShopDomain)
	req.Header.Set("X-Shopify-API-Version", shopify.APIVersion)
	req.Header.Set("X-Shopify-Triggered-At", now.UTC().Format(time.RFC3339Nano))
	resp, err := t.client.Do(req)
	if err != nil {
		return fmt.Errorf("sending the %s webhook: %w", topic, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("sending the %s webhook: HTTP %d", topic, resp.StatusCode)
	}
	return nil
}

// serveChange is the dev-only endpoint: a Change as JSON, such as
// {"change":"price","variant":1,"market":"LT","price":12.5}.
func (s *Server) serveChange(w http.ResponseWriter, r *http.Request) {
	var c Change
	err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxRequestBytes)).Decode(&c)
	if err != nil {
		err = fmt.Errorf("%w: the body is not a change in JSON: %v", errBadChange, err)
	} else {
		err = s.Apply(c)
	}
	status, answer := http.StatusOK, map[string]string{"changed": c.Kind}
	switch {
	case errors.Is(err, errNotFound):
		status = http.StatusNotFound
	case errors.Is(err, errBadChange):
		status = http.StatusBadRequest
	case err != nil:
		// The change is made; only its webhook did not arrive.
		status = http.StatusBadGateway
	}
	if err != nil {
		answer = map[string]string{"error": err.Error()}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(answer)
}
