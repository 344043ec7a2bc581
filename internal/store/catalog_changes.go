package store

import (
	"context"
	"database/sql"
	"fmt"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/invalidate"
)

// CatalogChanges is what re-reading a few products from the shop changed.
type CatalogChanges struct {
	// Collections are added, or replace the stored ones of their id.
	Collections []catalog.Collection
	// Products replace the stored ones of their id, keeping their place;
	// new ones go last.
	Products []catalog.Product
	// Deleted are ids of products the shop no longer has.
	Deleted []int64
	// Discounts replace every stored rule.
	Discounts []discount.Rule
}

// ApplyCatalogChanges writes changes in one transaction; every instance's
// caches of the catalogue drop it when it commits.
func (db *DB) ApplyCatalogChanges(ctx context.Context, changes CatalogChanges) error {
	return db.inTx(ctx, func(tx *sql.Tx) error {
		for _, c := range changes.Collections {
			if _, err := tx.ExecContext(ctx, `
				INSERT INTO collections (id, handle, title, description, position)
				VALUES ($1, $2, $3, $4, (SELECT COALESCE(MAX(position), -1) + 1 FROM collections))
				ON CONFLICT (id) DO UPDATE SET handle = excluded.handle, title = excluded.title, description = excluded.description`,
				c.ID, c.Handle, c.Title, c.Description); err != nil {
				return fmt.Errorf("collection %s: %w", c.Handle, err)
			}
		}
		for _, id := range changes.Deleted {
			if _, err := tx.ExecContext(ctx, `DELETE FROM products WHERE id = $1`, id); err != nil {
				return fmt.Errorf("product %d: %w", id, err)
			}
		}
		ins := newVariantInserts(tx)
		defer ins.Close()
		for _, p := range changes.Products {
			var position int
			if err := tx.QueryRowContext(ctx, `
				SELECT COALESCE((SELECT position FROM products WHERE id = $1), (SELECT COALESCE(MAX(position), -1) + 1 FROM products))`,
				p.ID).Scan(&position); err != nil {
				return fmt.Errorf("product %s: %w", p.Handle, err)
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM products WHERE id = $1`, p.ID); err != nil {
				return fmt.Errorf("product %s: %w", p.Handle, err)
			}
			if _, err := insertProduct(ctx, tx, ins, p, position); err != nil {
				return fmt.Errorf("product %s: %w", p.Handle, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM discount_rules`); err != nil {
			return err
		}
		for _, r := range changes.Discounts {
			if err := insertRule(ctx, tx, r); err != nil {
				return fmt.Errorf("discount %d: %w", r.ID, err)
			}
		}
		return db.publishChange(ctx, tx, invalidate.Catalog)
	})
}
