package store

import (
	"context"

	"knitfront/internal/catalog"
	"knitfront/internal/money"
	"knitfront/internal/pricing"
)

var _ pricing.Source = (*DB)(nil)

// PriceList returns every variant's price in every market it has one in,
// with its product and the product's collections, by product and then in
// the product's order of variants, in two queries whatever the size of the
// catalogue.
func (db *DB) PriceList(ctx context.Context) ([]pricing.Entry, error) {
	collections := map[int64][]int64{}
	rows, err := db.sql.QueryContext(ctx, `SELECT product_id, collection_id FROM product_collections ORDER BY product_id, collection_id`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var product, collection int64
		if err := rows.Scan(&product, &collection); err != nil {
			rows.Close()
			return nil, err
		}
		collections[product] = append(collections[product], collection)
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}

	rows, err = db.sql.QueryContext(ctx, `
		SELECT v.id, v.product_id, p.market, p.amount, p.compare_at
		FROM variants v JOIN variant_prices p ON p.variant_id = v.id
		ORDER BY v.product_id, v.position, v.id, p.market`)
	if err != nil {
		return nil, err
	}
	var entries []pricing.Entry
	for rows.Next() {
		var e pricing.Entry
		var market string
		if err := rows.Scan(&e.VariantID, &e.ProductID, &market, &e.Price, &e.CompareAt); err != nil {
			rows.Close()
			return nil, err
		}
		e.Market = money.Market(market)
		e.CollectionIDs = collections[e.ProductID]
		entries = append(entries, e)
	}
	return entries, closeRows(rows)
}

// AvailableVariantIDs returns the ids of the variants on sale now (in stock,
// or open for pre-order), in the catalogue's order: by product, then variant.
func (db *DB) AvailableVariantIDs(ctx context.Context) ([]int64, error) {
	rows, err := db.sql.QueryContext(ctx, `
		SELECT v.id, v.inventory, v.preorder
		FROM variants v JOIN products p ON p.id = v.product_id
		ORDER BY p.position, p.id, v.position, v.id`)
	if err != nil {
		return nil, err
	}
	ids := []int64{}
	for rows.Next() {
		var id int64
		var v catalog.Variant
		if err := rows.Scan(&id, &v.Inventory, &v.Preorder); err != nil {
			rows.Close()
			return nil, err
		}
		if v.Available() {
			ids = append(ids, id)
		}
	}
	return ids, closeRows(rows)
}
