package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"knitfront/internal/cart"
	"knitfront/internal/errs"
)

// Cart returns the cart with the token, or errs.ErrNotFound.
func (db *DB) Cart(ctx context.Context, token string) (cart.Cart, error) {
	var c cart.Cart
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		c, err = readCart(ctx, tx, token)
		return err
	})
	return c, err
}

// ChangeCart runs change on the cart with the token, an empty one when there
// is none yet, and saves what it leaves when it returns nil. The cart is
// locked meanwhile, so concurrent changes to one cart take turns and none is
// lost.
func (db *DB) ChangeCart(ctx context.Context, token string, now time.Time, change func(*cart.Cart) error) (cart.Cart, error) {
	var c cart.Cart
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		// The upsert takes the row's lock on PostgreSQL; SQLite's immediate
		// transactions hold the database's already.
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO carts (token, created_at, updated_at) VALUES ($1, $2, $2)
			ON CONFLICT (token) DO UPDATE SET updated_at = excluded.updated_at`, token, now.UTC()); err != nil {
			return err
		}
		var err error
		if c, err = readCart(ctx, tx, token); err != nil {
			return err
		}
		if err := change(&c); err != nil {
			return err
		}
		return writeCart(ctx, tx, c)
	})
	return c, err
}

func readCart(ctx context.Context, tx *sql.Tx, token string) (cart.Cart, error) {
	c := cart.Cart{Token: token}
	var attributes string
	err := tx.QueryRowContext(ctx, `
		SELECT note, attributes, buyer_country, buyer_email, buyer_phone FROM carts WHERE token = $1`, token).
		Scan(&c.Note, &attributes, &c.Buyer.CountryCode, &c.Buyer.Email, &c.Buyer.Phone)
	if errors.Is(err, sql.ErrNoRows) {
		return c, errs.ErrNotFound
	}
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal([]byte(attributes), &c.Attributes); err != nil {
		return c, fmt.Errorf("cart attributes: %w", err)
	}
	rows, err := tx.QueryContext(ctx, `
		SELECT variant_id, quantity, properties, selling_plan_id FROM cart_lines
		WHERE cart_token = $1 ORDER BY position`, token)
	if err != nil {
		return c, err
	}
	for rows.Next() {
		var l cart.Line
		var properties string
		if err := rows.Scan(&l.VariantID, &l.Quantity, &properties, &l.SellingPlanID); err != nil {
			rows.Close()
			return c, err
		}
		if err := json.Unmarshal([]byte(properties), &l.Properties); err != nil {
			rows.Close()
			return c, fmt.Errorf("cart line properties: %w", err)
		}
		c.Lines = append(c.Lines, l)
	}
	return c, closeRows(rows)
}

func writeCart(ctx context.Context, tx *sql.Tx, c cart.Cart) error {
	if _, err := tx.ExecContext(ctx, `
		UPDATE carts SET note = $2, attributes = $3, buyer_country = $4, buyer_email = $5, buyer_phone = $6
		WHERE token = $1`,
		c.Token, c.Note, jsonObject(c.Attributes), c.Buyer.CountryCode, c.Buyer.Email, c.Buyer.Phone); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM cart_lines WHERE cart_token = $1`, c.Token); err != nil {
		return err
	}
	for i, l := range c.Lines {
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO cart_lines (cart_token, position, variant_id, quantity, properties, selling_plan_id)
			VALUES ($1, $2, $3, $4, $5, $6)`,
			c.Token, i, l.VariantID, l.Quantity, jsonObject(l.Properties), l.SellingPlanID); err != nil {
			return err
		}
	}
	return nil
}

// jsonObject encodes string fields for a TEXT column; nil is stored as {}.
func jsonObject(fields map[string]string) string {
	if fields == nil {
		return "{}"
	}
	b, _ := json.Marshal(fields)
	return string(b)
}
