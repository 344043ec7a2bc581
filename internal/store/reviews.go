package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/errs"
	"knitfront/internal/reviews"
)

var _ reviews.Store = (*DB)(nil)

// Knitters returns every knitter in the order the shop shows them.
func (db *DB) Knitters(ctx context.Context) ([]catalog.Knitter, error) {
	rows, err := db.sql.QueryContext(ctx,
		`SELECT id, name, description, photo, avatar, position FROM knitters ORDER BY position, id`)
	if err != nil {
		return nil, err
	}
	knitters := []catalog.Knitter{}
	for rows.Next() {
		var k catalog.Knitter
		if err := rows.Scan(&k.ID, &k.Name, &k.Description, &k.Photo, &k.Avatar, &k.Position); err != nil {
			rows.Close()
			return nil, err
		}
		knitters = append(knitters, k)
	}
	return knitters, closeRows(rows)
}

// KnitterExists reports whether a knitter has the id.
func (db *DB) KnitterExists(ctx context.Context, id int64) (bool, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, `SELECT COUNT(*) FROM knitters WHERE id = $1`, id).Scan(&n)
	return n > 0, err
}

const reviewColumns = `id, knitter_id, body, created_by, created_at, status, client_hash, shop_domain, customer_id`

func scanReview(row interface{ Scan(...any) error }) (reviews.Review, error) {
	var r reviews.Review
	var status string
	var customer sql.NullInt64
	if err := row.Scan(&r.ID, &r.KnitterID, &r.Body, &r.CreatedBy, &r.CreatedAt, &status, &r.ClientHash, &r.ShopDomain, &customer); err != nil {
		return reviews.Review{}, err
	}
	r.Status = reviews.Status(status)
	r.CustomerID = customer.Int64
	r.CreatedAt = r.CreatedAt.UTC()
	return r, nil
}

// AddReview stores r unless a review of the same knitter whose text has the
// same fingerprint was stored after duplicateSince; then it returns that one.
//
// The fingerprint's claim is one upsert that takes it only when it is free
// or older than duplicateSince. Of two transactions that claim it at once,
// PostgreSQL makes the second wait for the first and then re-check the
// condition, which the first's claim now fails; SQLite runs them one after
// the other. Either way the loser sees the winner's review.
func (db *DB) AddReview(ctx context.Context, r reviews.Review, fingerprint string, duplicateSince time.Time) (reviews.Review, error) {
	stored := r
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `
			INSERT INTO knitter_reviews (`+reviewColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
			ON CONFLICT (id) DO NOTHING`,
			r.ID, r.KnitterID, r.Body, r.CreatedBy, r.CreatedAt.UTC(), string(r.Status), r.ClientHash,
			r.ShopDomain, sql.NullInt64{Int64: r.CustomerID, Valid: r.CustomerID != 0})
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return reviews.ErrIDTaken
		}
		var claimedBy int64
		err = tx.QueryRowContext(ctx, `
			INSERT INTO knitter_review_fingerprints (knitter_id, fingerprint, review_id, claimed_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (knitter_id, fingerprint) DO UPDATE SET review_id = excluded.review_id, claimed_at = excluded.claimed_at
			WHERE knitter_review_fingerprints.claimed_at <= $5
			RETURNING review_id`,
			r.KnitterID, fingerprint, r.ID, r.CreatedAt.UTC(), duplicateSince.UTC()).Scan(&claimedBy)
		if err == nil {
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		// The text was claimed within the window: that review stands.
		if _, err := tx.ExecContext(ctx, `DELETE FROM knitter_reviews WHERE id = $1`, r.ID); err != nil {
			return err
		}
		stored, err = scanReview(tx.QueryRowContext(ctx, `
			SELECT `+reviewColumns+` FROM knitter_reviews WHERE id =
				(SELECT review_id FROM knitter_review_fingerprints WHERE knitter_id = $1 AND fingerprint = $2)`,
			r.KnitterID, fingerprint))
		return err
	})
	if err != nil {
		return reviews.Review{}, err
	}
	return stored, nil
}

// Reviews returns up to limit reviews that match f, newest first, that come
// after the cursor (nil: from the newest).
func (db *DB) Reviews(ctx context.Context, f reviews.Filter, after *reviews.Cursor, limit int) ([]reviews.Review, error) {
	var conditions []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if f.KnitterID != 0 {
		conditions = append(conditions, "knitter_id = "+arg(f.KnitterID))
	}
	if f.Status != "" {
		conditions = append(conditions, "status = "+arg(string(f.Status)))
	}
	if after != nil {
		at, id := arg(after.CreatedAt.UTC()), arg(after.ID)
		conditions = append(conditions, fmt.Sprintf("(created_at < %s OR (created_at = %s AND id < %s))", at, at, id))
	}
	query := `SELECT ` + reviewColumns + ` FROM knitter_reviews`
	if len(conditions) > 0 {
		query += ` WHERE ` + strings.Join(conditions, " AND ")
	}
	query += ` ORDER BY created_at DESC, id DESC LIMIT ` + arg(limit)
	rows, err := db.sql.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	list := []reviews.Review{}
	for rows.Next() {
		r, err := scanReview(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		list = append(list, r)
	}
	return list, closeRows(rows)
}

// SetReviewStatus changes a review's status and returns the review, or
// errs.ErrNotFound.
func (db *DB) SetReviewStatus(ctx context.Context, id int64, status reviews.Status) (reviews.Review, error) {
	r, err := scanReview(db.sql.QueryRowContext(ctx,
		`UPDATE knitter_reviews SET status = $1 WHERE id = $2 RETURNING `+reviewColumns, string(status), id))
	if errors.Is(err, sql.ErrNoRows) {
		return reviews.Review{}, errs.ErrNotFound
	}
	return r, err
}

// DeleteReview deletes a review, or returns errs.ErrNotFound.
func (db *DB) DeleteReview(ctx context.Context, id int64) error {
	res, err := db.sql.ExecContext(ctx, `DELETE FROM knitter_reviews WHERE id = $1`, id)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return errs.ErrNotFound
	}
	return nil
}

// Secret returns the secret called name, storing value under that name first
// when there is none; every caller, in every instance, gets the first one
// stored.
func (db *DB) Secret(ctx context.Context, name, value string) (string, error) {
	if _, err := db.sql.ExecContext(ctx,
		`INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, value); err != nil {
		return "", err
	}
	var stored string
	err := db.sql.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&stored)
	return stored, err
}
