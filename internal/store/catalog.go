package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"iter"
	"strings"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/invalidate"
	"knitfront/internal/money"
)

// ImportSummary counts what an import wrote.
type ImportSummary struct {
	Knitters, Collections, Products, Variants, Discounts int
}

func (s ImportSummary) String() string {
	return fmt.Sprintf("%d knitters, %d collections, %d products, %d variants, %d discount rules",
		s.Knitters, s.Collections, s.Products, s.Variants, s.Discounts)
}

// Import writes a validated document in one transaction: each section it has
// replaces what the shop had, except knitters, which are updated in place.
// Every instance's caches of the catalogue drop it when it commits.
func (db *DB) Import(ctx context.Context, doc catalog.Document) (ImportSummary, error) {
	c := Catalogue{Knitters: doc.Knitters, Collections: doc.Collections, Discounts: doc.Discounts}
	if doc.Products != nil {
		c.Products = func(yield func(catalog.Product, error) bool) {
			for _, p := range doc.Products {
				if !yield(p, nil) {
					return
				}
			}
		}
	}
	return db.ImportCatalogue(ctx, c)
}

// Catalogue is what ImportCatalogue writes: a document whose products come
// one at a time, so that a shop of any size is written without being held
// whole. A nil section is left as the shop has it.
type Catalogue struct {
	Knitters    []catalog.Knitter
	Collections []catalog.Collection
	// Products yields each product in catalogue order, or an error that
	// stops the import.
	Products  iter.Seq2[catalog.Product, error]
	Discounts []discount.Rule
}

// ImportCatalogue writes c in one transaction, as Import does a document.
func (db *DB) ImportCatalogue(ctx context.Context, c Catalogue) (ImportSummary, error) {
	var sum ImportSummary
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		for _, k := range c.Knitters {
			if err := upsertKnitter(ctx, tx, k); err != nil {
				return err
			}
			sum.Knitters++
		}
		if c.Products != nil {
			if _, err := tx.ExecContext(ctx, `DELETE FROM products`); err != nil {
				return err
			}
		}
		if c.Collections != nil {
			if _, err := tx.ExecContext(ctx, `DELETE FROM collections`); err != nil {
				return err
			}
			for i, col := range c.Collections {
				if _, err := tx.ExecContext(ctx,
					`INSERT INTO collections (id, handle, title, description, position) VALUES ($1, $2, $3, $4, $5)`,
					col.ID, col.Handle, col.Title, col.Description, i); err != nil {
					return fmt.Errorf("collection %s: %w", col.Handle, err)
				}
				sum.Collections++
			}
		}
		if c.Products != nil {
			ins := newVariantInserts(tx)
			defer ins.Close()
			for p, err := range c.Products {
				if err != nil {
					return err
				}
				n, err := insertProduct(ctx, tx, ins, p, sum.Products)
				if err != nil {
					return fmt.Errorf("product %s: %w", p.Handle, err)
				}
				sum.Products++
				sum.Variants += n
			}
		}
		if c.Discounts != nil {
			if _, err := tx.ExecContext(ctx, `DELETE FROM discount_rules`); err != nil {
				return err
			}
			for _, r := range c.Discounts {
				if err := insertRule(ctx, tx, r); err != nil {
					return fmt.Errorf("discount %d: %w", r.ID, err)
				}
				sum.Discounts++
			}
		}
		return db.publishChange(ctx, tx, invalidate.Catalog)
	})
	return sum, err
}

func upsertKnitter(ctx context.Context, tx *sql.Tx, k catalog.Knitter) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO knitters (id, name, description, photo, avatar, position) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
			photo = excluded.photo, avatar = excluded.avatar, position = excluded.position`,
		k.ID, k.Name, k.Description, k.Photo, k.Avatar, k.Position)
	if err != nil {
		return fmt.Errorf("knitter %d: %w", k.ID, err)
	}
	return nil
}

// variantInserts write a product's variants, and then their prices, a few
// statements for the lot, each prepared once for a whole catalogue: a shop
// has hundreds of thousands of them.
type variantInserts struct {
	variants, prices *rowInserts
}

func newVariantInserts(tx *sql.Tx) *variantInserts {
	return &variantInserts{
		variants: &rowInserts{tx: tx, insert: `INSERT INTO variants (id, product_id, position, title, sku, options, image, inventory, preorder, preorder_content) VALUES `, columns: 10},
		prices:   &rowInserts{tx: tx, insert: `INSERT INTO variant_prices (variant_id, market, amount, compare_at) VALUES `, columns: 4},
	}
}

func (ins *variantInserts) Close() {
	ins.variants.Close()
	ins.prices.Close()
}

// maxRowsPerInsert bounds the rows of one INSERT, and so its parameters, far
// below what SQLite and PostgreSQL allow in a statement.
const maxRowsPerInsert = 256

// rowInserts writes rows into one table with an INSERT of many rows, the
// statement for each number of rows prepared once.
type rowInserts struct {
	tx *sql.Tx
	// insert is the statement up to its VALUES.
	insert   string
	columns  int
	prepared map[int]*sql.Stmt
}

// Exec writes the rows whose values args holds, one row after the other.
func (r *rowInserts) Exec(ctx context.Context, args []any) error {
	for len(args) > 0 {
		rows := min(len(args)/r.columns, maxRowsPerInsert)
		stmt, err := r.statement(ctx, rows)
		if err != nil {
			return err
		}
		if _, err := stmt.ExecContext(ctx, args[:rows*r.columns]...); err != nil {
			return err
		}
		args = args[rows*r.columns:]
	}
	return nil
}

func (r *rowInserts) statement(ctx context.Context, rows int) (*sql.Stmt, error) {
	if stmt, ok := r.prepared[rows]; ok {
		return stmt, nil
	}
	var b strings.Builder
	b.WriteString(r.insert)
	for row := range rows {
		if row > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(")
		for col := range r.columns {
			if col > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "$%d", row*r.columns+col+1)
		}
		b.WriteString(")")
	}
	stmt, err := r.tx.PrepareContext(ctx, b.String())
	if err != nil {
		return nil, err
	}
	if r.prepared == nil {
		r.prepared = map[int]*sql.Stmt{}
	}
	r.prepared[rows] = stmt
	return stmt, nil
}

func (r *rowInserts) Close() {
	for _, stmt := range r.prepared {
		stmt.Close()
	}
}

func insertProduct(ctx context.Context, tx *sql.Tx, ins *variantInserts, p catalog.Product, position int) (variants int, err error) {
	var knitter sql.NullInt64
	if p.KnitterID != 0 {
		knitter = sql.NullInt64{Int64: p.KnitterID, Valid: true}
	}
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO products (id, handle, title, description, product_type, vendor, knitter_id, images, tags, options, position)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		p.ID, p.Handle, p.Title, p.Description, p.ProductType, p.Vendor, knitter,
		jsonList(p.Images), jsonList(p.Tags), jsonList(p.Options), position); err != nil {
		return 0, err
	}
	for _, handle := range p.Collections {
		res, err := tx.ExecContext(ctx, `
			INSERT INTO product_collections (product_id, collection_id)
			SELECT $1, id FROM collections WHERE handle = $2`, p.ID, handle)
		if err != nil {
			return 0, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return 0, fmt.Errorf("no collection has handle %q", handle)
		}
	}
	for i, plan := range p.SellingPlans {
		if _, err := tx.ExecContext(ctx, `
			INSERT INTO selling_plans (id, product_id, position, name, description, charge_type, charge_percent)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			plan.ID, p.ID, i, plan.Name, plan.Description, string(plan.Charge.ValueType), int64(plan.Charge.Percent)); err != nil {
			return 0, err
		}
		for currency, amount := range plan.Charge.Amounts {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO selling_plan_charges (selling_plan_id, currency, amount) VALUES ($1, $2, $3)`,
				plan.ID, string(currency), int64(amount)); err != nil {
				return 0, err
			}
		}
	}
	variantRows := make([]any, 0, len(p.Variants)*ins.variants.columns)
	var priceRows []any
	for i, v := range p.Variants {
		variantRows = append(variantRows, v.ID, p.ID, i, v.Title, v.SKU, jsonList(v.Options), v.Image, v.Inventory, v.Preorder, v.PreorderContent)
		for market, price := range v.Prices {
			priceRows = append(priceRows, v.ID, string(market), int64(price.Amount), int64(price.CompareAt))
		}
	}
	if err := ins.variants.Exec(ctx, variantRows); err != nil {
		return 0, fmt.Errorf("variants: %w", err)
	}
	if err := ins.prices.Exec(ctx, priceRows); err != nil {
		return 0, fmt.Errorf("variant prices: %w", err)
	}
	return len(p.Variants), nil
}

func insertRule(ctx context.Context, tx *sql.Tx, r discount.Rule) error {
	var endsAt sql.NullTime
	if !r.EndsAt.IsZero() {
		endsAt = sql.NullTime{Time: r.EndsAt.UTC(), Valid: true}
	}
	if _, err := tx.ExecContext(ctx, `
		INSERT INTO discount_rules (id, title, value_type, percent, once_per_order, scope, starts_at, ends_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		r.ID, r.Title, string(r.ValueType), int64(r.Percent), r.OncePerOrder, string(r.Scope), r.StartsAt.UTC(), endsAt); err != nil {
		return err
	}
	for currency, amount := range r.Amounts {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO discount_rule_amounts (rule_id, currency, amount) VALUES ($1, $2, $3)`,
			r.ID, string(currency), int64(amount)); err != nil {
			return err
		}
	}
	for _, target := range r.Targets {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO discount_rule_targets (rule_id, target_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
			r.ID, target); err != nil {
			return err
		}
	}
	for _, market := range r.Markets {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO discount_rule_markets (rule_id, market) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
			r.ID, string(market)); err != nil {
			return err
		}
	}
	return nil
}

// jsonList encodes a list of strings for a TEXT column; nil is stored as [].
func jsonList(items []string) string {
	if items == nil {
		return "[]"
	}
	b, _ := json.Marshal(items)
	return string(b)
}

// ProductCount returns how many products the catalogue has.
func (db *DB) ProductCount(ctx context.Context) (int, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, `SELECT COUNT(*) FROM products`).Scan(&n)
	return n, err
}

// DiscountRules returns every automatic discount rule, in id order.
func (db *DB) DiscountRules(ctx context.Context) ([]discount.Rule, error) {
	rows, err := db.sql.QueryContext(ctx,
		`SELECT id, title, value_type, percent, once_per_order, scope, starts_at, ends_at FROM discount_rules ORDER BY id`)
	if err != nil {
		return nil, err
	}
	var rules []discount.Rule
	index := map[int64]int{}
	for rows.Next() {
		var r discount.Rule
		var valueType, scope string
		var endsAt sql.NullTime
		if err := rows.Scan(&r.ID, &r.Title, &valueType, &r.Percent, &r.OncePerOrder, &scope, &r.StartsAt, &endsAt); err != nil {
			rows.Close()
			return nil, err
		}
		r.ValueType, r.Scope = discount.ValueType(valueType), discount.Scope(scope)
		r.StartsAt = r.StartsAt.UTC()
		if endsAt.Valid {
			r.EndsAt = endsAt.Time.UTC()
		}
		index[r.ID] = len(rules)
		rules = append(rules, r)
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}

	amounts, err := db.sql.QueryContext(ctx, `SELECT rule_id, currency, amount FROM discount_rule_amounts`)
	if err != nil {
		return nil, err
	}
	for amounts.Next() {
		var id int64
		var currency string
		var amount money.Amount
		if err := amounts.Scan(&id, &currency, &amount); err != nil {
			amounts.Close()
			return nil, err
		}
		r := &rules[index[id]]
		if r.Amounts == nil {
			r.Amounts = map[money.Currency]money.Amount{}
		}
		r.Amounts[money.Currency(currency)] = amount
	}
	if err := closeRows(amounts); err != nil {
		return nil, err
	}

	targets, err := db.sql.QueryContext(ctx, `SELECT rule_id, target_id FROM discount_rule_targets ORDER BY rule_id, target_id`)
	if err != nil {
		return nil, err
	}
	for targets.Next() {
		var id, target int64
		if err := targets.Scan(&id, &target); err != nil {
			targets.Close()
			return nil, err
		}
		r := &rules[index[id]]
		r.Targets = append(r.Targets, target)
	}
	if err := closeRows(targets); err != nil {
		return nil, err
	}

	markets, err := db.sql.QueryContext(ctx, `SELECT rule_id, market FROM discount_rule_markets ORDER BY rule_id, market`)
	if err != nil {
		return nil, err
	}
	for markets.Next() {
		var id int64
		var market string
		if err := markets.Scan(&id, &market); err != nil {
			markets.Close()
			return nil, err
		}
		r := &rules[index[id]]
		r.Markets = append(r.Markets, money.Market(market))
	}
	return rules, closeRows(markets)
}

// closeRows closes rows and reports any error met while iterating them.
func closeRows(rows *sql.Rows) error {
	if err := rows.Err(); err != nil {
		rows.Close()
		return err
	}
	return rows.Close()
}
