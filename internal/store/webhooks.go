package store

import (
	"context"
	"database/sql"
	"time"
)

// WebhookEvent is a verified webhook from the shop, kept until applied.
type WebhookEvent struct {
	ID         string
	Topic      string
	ShopDomain string
	// TriggeredAt is when Shopify says the event happened; zero when unsaid.
	TriggeredAt time.Time
	ReceivedAt  time.Time
	Body        []byte
}

// AddWebhookEvent keeps an event durably; added is false when an event of
// that id was kept before, so a repeated delivery is kept once.
func (db *DB) AddWebhookEvent(ctx context.Context, e WebhookEvent) (added bool, err error) {
	var triggered sql.NullTime
	if !e.TriggeredAt.IsZero() {
		triggered = sql.NullTime{Time: e.TriggeredAt.UTC(), Valid: true}
	}
	res, err := db.sql.ExecContext(ctx, `
		INSERT INTO shopify_webhook_events (event_id, topic, shop_domain, triggered_at, received_at, body)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING`,
		e.ID, e.Topic, e.ShopDomain, triggered, e.ReceivedAt.UTC(), string(e.Body))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
