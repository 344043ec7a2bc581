package store

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"time"
)

// ClaimWebhookEvents takes up to limit events that are not applied and not
// held by a live lease, oldest first, and holds them for owner until
// leaseUntil. Several instances may claim at once: the condition is checked
// again on each row as it is updated (PostgreSQL re-reads a row another
// transaction changed; SQLite's write transactions take turns), so each
// event goes to one of them. An event whose owner died is claimed again
// once its lease has run out.
func (db *DB) ClaimWebhookEvents(ctx context.Context, owner string, now, leaseUntil time.Time, limit int) ([]WebhookEvent, error) {
	rows, err := db.sql.QueryContext(ctx, `
		UPDATE shopify_webhook_events SET lease_owner = $1, lease_until = $2
		WHERE event_id IN (
			SELECT event_id FROM shopify_webhook_events
			WHERE applied_at IS NULL AND (lease_until IS NULL OR lease_until <= $3)
			ORDER BY received_at, event_id LIMIT $4)
		AND applied_at IS NULL AND (lease_until IS NULL OR lease_until <= $3)
		RETURNING event_id, topic, shop_domain, triggered_at, received_at, body`,
		owner, leaseUntil.UTC(), now.UTC(), limit)
	if err != nil {
		return nil, err
	}
	var events []WebhookEvent
	for rows.Next() {
		var e WebhookEvent
		var triggered sql.NullTime
		var body string
		if err := rows.Scan(&e.ID, &e.Topic, &e.ShopDomain, &triggered, &e.ReceivedAt, &body); err != nil {
			rows.Close()
			return nil, err
		}
		if triggered.Valid {
			e.TriggeredAt = triggered.Time.UTC()
		}
		e.ReceivedAt, e.Body = e.ReceivedAt.UTC(), []byte(body)
		events = append(events, e)
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	slices.SortFunc(events, func(a, b WebhookEvent) int {
		if c := a.ReceivedAt.Compare(b.ReceivedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return events, nil
}

// FinishWebhookEvents marks the events owner applied. An event whose lease
// ran out and went to another owner meanwhile is left to that owner:
// applying re-reads the shop, so a second apply changes nothing.
func (db *DB) FinishWebhookEvents(ctx context.Context, owner string, ids []string, appliedAt time.Time) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, `
				UPDATE shopify_webhook_events SET applied_at = $1, lease_owner = NULL, lease_until = NULL
				WHERE event_id = $2 AND lease_owner = $3 AND applied_at IS NULL`,
				appliedAt.UTC(), id, owner); err != nil {
				return err
			}
		}
		return nil
	})
}

// PurgeWebhookEvents deletes the events applied before appliedBefore and
// returns how many it deleted. An event's id is the inbox's only memory of
// it, so one Shopify sent again after its purge would be applied again
// (harmlessly: applying reads the shop anew); Shopify stops retrying an
// event within hours, long before the worker purges it.
func (db *DB) PurgeWebhookEvents(ctx context.Context, appliedBefore time.Time) (int64, error) {
	res, err := db.sql.ExecContext(ctx,
		`DELETE FROM shopify_webhook_events WHERE applied_at IS NOT NULL AND applied_at < $1`, appliedBefore.UTC())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
