package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"knitfront/internal/catalog"
	"knitfront/internal/money"
)

// Catalog reads the whole catalogue back as an import document: knitters,
// collections and products in their stored order, each product with its
// variants, prices, selling plans and collection handles, and the discount
// rules. It is the inverse of Import.
func (db *DB) Catalog(ctx context.Context) (catalog.Document, error) {
	var doc catalog.Document
	var err error
	if doc.Knitters, err = db.knitters(ctx); err != nil {
		return doc, fmt.Errorf("reading knitters: %w", err)
	}
	if doc.Collections, err = db.collections(ctx); err != nil {
		return doc, fmt.Errorf("reading collections: %w", err)
	}
	if doc.Products, err = db.products(ctx); err != nil {
		return doc, fmt.Errorf("reading products: %w", err)
	}
	if doc.Discounts, err = db.DiscountRules(ctx); err != nil {
		return doc, fmt.Errorf("reading discount rules: %w", err)
	}
	return doc, nil
}

func (db *DB) knitters(ctx context.Context) ([]catalog.Knitter, error) {
	rows, err := db.sql.QueryContext(ctx,
		`SELECT id, name, description, photo, avatar, position FROM knitters ORDER BY position, id`)
	if err != nil {
		return nil, err
	}
	var out []catalog.Knitter
	for rows.Next() {
		var k catalog.Knitter
		if err := rows.Scan(&k.ID, &k.Name, &k.Description, &k.Photo, &k.Avatar, &k.Position); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, k)
	}
	return out, closeRows(rows)
}

func (db *DB) collections(ctx context.Context) ([]catalog.Collection, error) {
	rows, err := db.sql.QueryContext(ctx,
		`SELECT id, handle, title, description FROM collections ORDER BY position, id`)
	if err != nil {
		return nil, err
	}
	var out []catalog.Collection
	for rows.Next() {
		var c catalog.Collection
		if err := rows.Scan(&c.ID, &c.Handle, &c.Title, &c.Description); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, c)
	}
	return out, closeRows(rows)
}

// products reads the products with everything they hold, in a fixed number of
// queries whatever the size of the catalogue.
func (db *DB) products(ctx context.Context) ([]catalog.Product, error) {
	rows, err := db.sql.QueryContext(ctx, `
		SELECT id, handle, title, description, product_type, vendor, knitter_id, images, tags, options
		FROM products ORDER BY position, id`)
	if err != nil {
		return nil, err
	}
	var products []catalog.Product
	index := map[int64]int{}
	for rows.Next() {
		var p catalog.Product
		var knitter sql.NullInt64
		var images, tags, options string
		if err := rows.Scan(&p.ID, &p.Handle, &p.Title, &p.Description, &p.ProductType, &p.Vendor, &knitter,
			&images, &tags, &options); err != nil {
			rows.Close()
			return nil, err
		}
		p.KnitterID = knitter.Int64
		for _, list := range []struct {
			column string
			into   *[]string
		}{{images, &p.Images}, {tags, &p.Tags}, {options, &p.Options}} {
			if err := json.Unmarshal([]byte(list.column), list.into); err != nil {
				rows.Close()
				return nil, fmt.Errorf("product %d: %w", p.ID, err)
			}
		}
		index[p.ID] = len(products)
		products = append(products, p)
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	product := func(id int64) *catalog.Product { return &products[index[id]] }

	if err := db.eachRow(ctx, `
		SELECT pc.product_id, c.handle FROM product_collections pc JOIN collections c ON c.id = pc.collection_id
		ORDER BY pc.product_id, c.position, c.id`, func(scan func(...any) error) error {
		var id int64
		var handle string
		if err := scan(&id, &handle); err != nil {
			return err
		}
		p := product(id)
		p.Collections = append(p.Collections, handle)
		return nil
	}); err != nil {
		return nil, err
	}

	plans := map[int64]*catalog.SellingPlan{}
	if err := db.eachRow(ctx, `
		SELECT id, product_id, name, description, charge_type, charge_percent
		FROM selling_plans ORDER BY product_id, position, id`, func(scan func(...any) error) error {
		var plan catalog.SellingPlan
		var productID int64
		var chargeType string
		if err := scan(&plan.ID, &productID, &plan.Name, &plan.Description, &chargeType, &plan.Charge.Percent); err != nil {
			return err
		}
		plan.Charge.ValueType = catalog.ChargeType(chargeType)
		p := product(productID)
		p.SellingPlans = append(p.SellingPlans, plan)
		return nil
	}); err != nil {
		return nil, err
	}
	for i := range products {
		for j := range products[i].SellingPlans {
			plans[products[i].SellingPlans[j].ID] = &products[i].SellingPlans[j]
		}
	}
	if err := db.eachRow(ctx, `SELECT selling_plan_id, currency, amount FROM selling_plan_charges`,
		func(scan func(...any) error) error {
			var id int64
			var currency string
			var amount money.Amount
			if err := scan(&id, &currency, &amount); err != nil {
				return err
			}
			plan := plans[id]
			if plan.Charge.Amounts == nil {
				plan.Charge.Amounts = map[money.Currency]money.Amount{}
			}
			plan.Charge.Amounts[money.Currency(currency)] = amount
			return nil
		}); err != nil {
		return nil, err
	}

	type variantAt struct{ product, variant int }
	variants := map[int64]variantAt{}
	if err := db.eachRow(ctx, `
		SELECT id, product_id, title, sku, options, image, inventory, preorder, preorder_content
		FROM variants ORDER BY product_id, position, id`, func(scan func(...any) error) error {
		var v catalog.Variant
		var productID int64
		var options string
		if err := scan(&v.ID, &productID, &v.Title, &v.SKU, &options, &v.Image, &v.Inventory, &v.Preorder, &v.PreorderContent); err != nil {
			return err
		}
		if err := json.Unmarshal([]byte(options), &v.Options); err != nil {
			return fmt.Errorf("variant %d options: %w", v.ID, err)
		}
		v.Prices = map[money.Market]catalog.Price{}
		p := product(productID)
		variants[v.ID] = variantAt{index[productID], len(p.Variants)}
		p.Variants = append(p.Variants, v)
		return nil
	}); err != nil {
		return nil, err
	}
	err = db.eachRow(ctx, `SELECT variant_id, market, amount, compare_at FROM variant_prices`,
		func(scan func(...any) error) error {
			var id int64
			var market string
			var price catalog.Price
			if err := scan(&id, &market, &price.Amount, &price.CompareAt); err != nil {
				return err
			}
			at := variants[id]
			products[at.product].Variants[at.variant].Prices[money.Market(market)] = price
			return nil
		})
	return products, err
}

// eachRow runs query and calls fn with a scanner for each row.
func (db *DB) eachRow(ctx context.Context, query string, fn func(scan func(...any) error) error) error {
	rows, err := db.sql.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			rows.Close()
			return err
		}
	}
	return closeRows(rows)
}
