package shopify

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
)

// CatalogChanges is what re-reading part of the shop changed in the
// catalogue knitfront holds.
type CatalogChanges struct {
	// Collections are the ones the products read belong to, to be added or
	// updated.
	Collections []catalog.Collection
	// Products replace the held ones of their id, or are new.
	Products []catalog.Product
	// Deleted are ids of products the shop no longer has (or has without a
	// variant knitfront can show).
	Deleted []int64
	// Discounts replace every held rule.
	Discounts []discount.Rule
}

// Reread is what a batch of webhooks made knitfront read again.
type Reread struct {
	// FullSync is set when an event reaches over more than a few products
	// (a collection, a selling plan group): a full sync reads them all, and
	// Changes is empty.
	FullSync bool
	Changes  CatalogChanges
	Skipped  []Skipped
}

// rereadWork is what a batch of webhooks names to be read again. The
// automatic discounts are always read again: they depend on products.
type rereadWork struct {
	products       []int64
	inventoryItems []int64
	fullSync       bool
}

// planReread reads what each event names. Payloads are not trusted to be
// complete or in order: only the id of what changed is taken from them.
func planReread(events []WebhookEvent) (rereadWork, []Skipped) {
	var work rereadWork
	var skipped []Skipped
	for _, e := range events {
		var body struct {
			ID              int64 `json:"id"`
			InventoryItemID int64 `json:"inventory_item_id"`
		}
		err := json.Unmarshal(e.Body, &body)
		switch e.Topic {
		case "products/create", "products/update", "products/delete":
			if err != nil || body.ID <= 0 {
				skipped = append(skipped, Skipped{Item: "webhook " + e.ID, Reason: e.Topic + " without a product id; the next full sync reads it"})
			} else if !slices.Contains(work.products, body.ID) {
				work.products = append(work.products, body.ID)
			}
		case "inventory_levels/update":
			if err != nil || body.InventoryItemID <= 0 {
				skipped = append(skipped, Skipped{Item: "webhook " + e.ID, Reason: e.Topic + " without an inventory item id; the next full sync reads it"})
			} else if !slices.Contains(work.inventoryItems, body.InventoryItemID) {
				work.inventoryItems = append(work.inventoryItems, body.InventoryItemID)
			}
		case "collections/update", "collections/delete",
			"selling_plan_groups/create", "selling_plan_groups/update", "selling_plan_groups/delete":
			work.fullSync = true
		}
	}
	return work, skipped
}

// Reread reads again through the Admin API what events name, against
// current, the catalogue knitfront holds: each product named (one the shop
// no longer has is deleted), then the automatic discounts. Events of
// collections or selling plan groups ask for a full sync instead.
func (c *Client) Reread(ctx context.Context, current catalog.Document, events []WebhookEvent) (Reread, error) {
	work, skipped := planReread(events)
	if work.fullSync {
		return Reread{FullSync: true, Skipped: skipped}, nil
	}
	products := work.products
	for _, item := range work.inventoryItems {
		answer, err := InventoryItemProduct(ctx, c, gidOf("InventoryItem", item))
		if err != nil {
			return Reread{}, err
		}
		if answer.InventoryItem == nil || answer.InventoryItem.Variants == nil || len(answer.InventoryItem.Variants.Nodes) == 0 {
			skipped = append(skipped, Skipped{Item: gidOf("InventoryItem", item), Reason: "counts no variant the shop has"})
			continue
		}
		for _, v := range answer.InventoryItem.Variants.Nodes {
			if _, id, ok := gid(v.Product.Id); ok && !slices.Contains(products, id) {
				products = append(products, id)
			}
		}
	}

	b := newBuilder(current.Knitters)
	for _, p := range current.Products {
		if !slices.Contains(products, p.ID) {
			for _, plan := range p.SellingPlans {
				b.planOwner[plan.ID] = p.ID
			}
		}
	}
	for _, id := range products {
		answer, err := Product(ctx, c, gidOf("Product", id))
		if err != nil {
			return Reread{}, err
		}
		if answer.Product != nil {
			b.addProductNode(id, *answer.Product)
		}
	}
	changes := CatalogChanges{Collections: b.collections, Products: b.buildProducts()}
	for _, col := range current.Collections {
		if _, read := b.collectionHandle[col.ID]; !read {
			b.collectionHandle[col.ID] = col.Handle
		}
	}
	for _, id := range products {
		if !slices.ContainsFunc(changes.Products, func(p catalog.Product) bool { return p.ID == id }) {
			changes.Deleted = append(changes.Deleted, id)
		}
	}
	if err := c.readDiscounts(ctx, b); err != nil {
		return Reread{}, err
	}
	changes.Discounts = b.buildRules(slices.Values(changedCatalogue(current.Products, changes)))
	return Reread{Changes: changes, Skipped: append(skipped, b.skipped...)}, nil
}

// addProductNode takes the Product query's answer for product id.
func (b *builder) addProductNode(id int64, n ProductNode) {
	if _, got, ok := gid(n.Id); !ok || got != id {
		b.skip(gidOf("Product", id), "the shop answered another product, %q", n.Id)
		return
	}
	b.addProduct(id, n.ProductFields)
	p := b.productAt[id]
	for _, col := range n.Collections.Nodes {
		if _, cid, ok := gid(col.Id); ok {
			b.addCollection(p, cid, col)
		}
	}
	for _, m := range n.Media.Nodes {
		p.addImage(m)
	}
	for _, v := range n.Variants.Nodes {
		if _, vid, ok := gid(v.Id); ok {
			b.addVariant(p, vid, v)
		} else {
			b.skip(gidOf("Product", id), "a variant without a Shopify id")
		}
	}
	if n.Variants.PageInfo.HasNextPage {
		b.skip(gidOf("Product", id), "has more than %d variants; the next full sync reads the rest", len(n.Variants.Nodes))
	}
	for _, raw := range n.SellingPlanGroups.Nodes {
		var g SellingPlanGroupFields
		if decodeNode(b, raw, &g) {
			b.attachPlans(id, b.groupPlans(g))
		}
	}
}

// changedCatalogue is the products held with the changes made: replaced
// in place, deleted, new ones last.
func changedCatalogue(held []catalog.Product, changes CatalogChanges) []catalog.Product {
	var out []catalog.Product
	for _, p := range held {
		if slices.Contains(changes.Deleted, p.ID) {
			continue
		}
		if i := slices.IndexFunc(changes.Products, func(q catalog.Product) bool { return q.ID == p.ID }); i >= 0 {
			p = changes.Products[i]
		}
		out = append(out, p)
	}
	for _, p := range changes.Products {
		if !slices.ContainsFunc(held, func(q catalog.Product) bool { return q.ID == p.ID }) {
			out = append(out, p)
		}
	}
	return out
}

// String summarises what a re-read found, for the log.
func (r Reread) String() string {
	if r.FullSync {
		return "a full sync"
	}
	return fmt.Sprintf("%d products read again, %d deleted, %d automatic discounts", len(r.Changes.Products), len(r.Changes.Deleted), len(r.Changes.Discounts))
}
