package store

import "context"

// WebhookEventIDs lists every event in the inbox, applied or not, by id, for
// tests of what the inbox keeps.
func WebhookEventIDs(ctx context.Context, db *DB) ([]string, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT event_id FROM shopify_webhook_events ORDER BY event_id`)
	if err != nil {
		return nil, err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, closeRows(rows)
}
