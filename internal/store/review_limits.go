package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"knitfront/internal/reviews"
)

var _ reviews.ClientPosts = (*DB)(nil)

// UpdateClientPosts implements reviews.ClientPosts. The first statement is
// an upsert that locks the client's row until the transaction ends (on
// SQLite, write transactions take turns anyway), so concurrent posts of one
// client, through any instance, read and write its record one at a time.
// A refused post changes nothing and writes nothing more.
func (db *DB) UpdateClientPosts(ctx context.Context, client string, update func(posts []time.Time) []time.Time) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		var recorded string
		if err := tx.QueryRowContext(ctx, `
			INSERT INTO review_rate_clients (client_hash, posts, last_post_at) VALUES ($1, '[]', $2)
			ON CONFLICT (client_hash) DO UPDATE SET client_hash = excluded.client_hash
			RETURNING posts`, client, time.Unix(0, 0).UTC()).Scan(&recorded); err != nil {
			return err
		}
		var micros []int64
		if err := json.Unmarshal([]byte(recorded), &micros); err != nil {
			return fmt.Errorf("the recorded posts of a review client: %w", err)
		}
		posts := make([]time.Time, len(micros))
		for i, m := range micros {
			posts[i] = time.UnixMicro(m).UTC()
		}
		kept := update(slices.Clone(posts))
		if slices.EqualFunc(kept, posts, time.Time.Equal) {
			return nil
		}
		if len(kept) == 0 {
			_, err := tx.ExecContext(ctx, `DELETE FROM review_rate_clients WHERE client_hash = $1`, client)
			return err
		}
		micros = micros[:0]
		for _, t := range kept {
			micros = append(micros, t.UnixMicro())
		}
		encoded, _ := json.Marshal(micros) // int64s always encode
		_, err := tx.ExecContext(ctx, `UPDATE review_rate_clients SET posts = $2, last_post_at = $3 WHERE client_hash = $1`,
			client, string(encoded), kept[len(kept)-1].UTC())
		return err
	})
}

// ForgetClientsIdleSince implements reviews.ClientPosts.
func (db *DB) ForgetClientsIdleSince(ctx context.Context, since time.Time) error {
	_, err := db.sql.ExecContext(ctx, `DELETE FROM review_rate_clients WHERE last_post_at <= $1`, since.UTC())
	return err
}
