package shopify

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// maxMetafieldsPerSet is the most metafields one metafieldsSet takes.
const maxMetafieldsPerSet = 25

// The operations of the metafield writer.
var (
	ShopIDOp        = generated("ShopID", ShopID_Operation, 1)
	MetafieldsSetOp = generated("MetafieldsSet", MetafieldsSet_Operation, 10)
)

// MetafieldWriter writes the theme's metafields into the shop, only those
// whose value changed since it last wrote them. What it wrote is kept in
// memory: a new process writes every metafield once, which also clears
// what it cannot know was written before it.
type MetafieldWriter struct {
	client *Client

	// mu serialises writes, so two never race over what was written.
	mu      sync.Mutex
	checked bool
	shopID  string
	written map[string]string
}

// Metafields returns the client's metafield writer.
func (c *Client) Metafields() *MetafieldWriter {
	c.metafieldsOnce.Do(func() { c.metafields = &MetafieldWriter{client: c, written: map[string]string{}} })
	return c.metafields
}

// ShopID returns the shop's id, the owner of its metafields, asked once.
// The first call also checks that the token may write metafields.
func (w *MetafieldWriter) ShopID(ctx context.Context) (string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.shopIDLocked(ctx)
}

func (w *MetafieldWriter) shopIDLocked(ctx context.Context) (string, error) {
	if !w.checked {
		if err := w.client.requireScopes(ctx, MetafieldScopes, "the Admin API access token lacks the scope the theme's prices are written with"); err != nil {
			return "", err
		}
		w.checked = true
	}
	if w.shopID != "" {
		return w.shopID, nil
	}
	answer, err := ShopID(ctx, w.client)
	if err != nil {
		return "", err
	}
	if answer.Shop.Id == "" {
		return "", errors.New("ShopID: Shopify answered no shop id")
	}
	w.shopID = answer.Shop.Id
	return w.shopID, nil
}

// Write writes the fields whose value changed since this writer last wrote
// them, 25 to a request, and returns how many it wrote. A request that
// fails stops it; what earlier requests wrote is kept as written.
func (w *MetafieldWriter) Write(ctx context.Context, fields []Metafield) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	changed := unwritten(fields, w.written)
	n := 0
	for batch := range chunks(changed, maxMetafieldsPerSet) {
		if err := w.set(ctx, batch); err != nil {
			return n, err
		}
		for _, f := range batch {
			w.written[f.metafieldID()] = f.Value
		}
		n += len(batch)
	}
	return n, nil
}

func chunks[T any](all []T, size int) func(yield func([]T) bool) {
	return func(yield func([]T) bool) {
		for start := 0; start < len(all); start += size {
			if !yield(all[start:min(start+size, len(all))]) {
				return
			}
		}
	}
}

// set sends one metafieldsSet; Shopify writes all of the batch or none.
func (w *MetafieldWriter) set(ctx context.Context, batch []Metafield) error {
	answer, err := MetafieldsSet(ctx, w.client, batch)
	if err != nil {
		return err
	}
	if answer.MetafieldsSet == nil {
		return errors.New("MetafieldsSet: Shopify answered no result")
	}
	var errs []error
	for _, e := range answer.MetafieldsSet.UserErrors {
		item := ""
		if e.ElementIndex != nil && *e.ElementIndex >= 0 && *e.ElementIndex < len(batch) {
			f := batch[*e.ElementIndex]
			item = fmt.Sprintf(" (%s.%s of %s)", f.Namespace, f.Key, f.OwnerID)
		}
		errs = append(errs, fmt.Errorf("%s%s", e.Message, item))
	}
	if len(errs) > 0 {
		return fmt.Errorf("Shopify did not write the theme's metafields: %w", errors.Join(errs...))
	}
	return nil
}
