package shopify_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"knitfront/internal/demo"
	"knitfront/internal/shopify"
)

func discountsOf(variants ...int64) []shopify.Metafield {
	var fields []shopify.Metafield
	for _, id := range variants {
		fields = append(fields, shopify.Metafield{
			OwnerID: fmt.Sprintf("gid://shopify/ProductVariant/%d", id), Namespace: shopify.MetafieldNamespace,
			Key: shopify.DiscountsKey, Type: "json", Value: `{}`,
		})
	}
	return fields
}

func TestMetafieldWriterWritesOnlyWhatChanged(t *testing.T) {
	dev, client := standIn(t, nil)
	ctx := context.Background()
	w := client.Metafields()
	shopID, err := w.ShopID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var variants []int64
	for _, p := range demo.Catalog().Products {
		for _, v := range p.Variants {
			variants = append(variants, v.ID)
		}
	}
	if len(variants) <= 25 {
		t.Fatalf("the demo has %d variants; the test needs more than one request's 25", len(variants))
	}
	fields := append(discountsOf(variants...), shopify.Metafield{
		OwnerID: shopID, Namespace: shopify.MetafieldNamespace, Key: shopify.RatesKey, Type: "json", Value: `{"date":"2026-11-26"}`,
	})
	requests := func() int { return dev.Requests(shopify.MetafieldsSetOp.Name) }

	n, err := w.Write(ctx, fields)
	if err != nil || n != len(fields) {
		t.Fatalf("first Write = %d, %v; want all %d", n, err, len(fields))
	}
	if want := (len(fields) + 24) / 25; requests() != want {
		t.Errorf("first Write sent %d metafieldsSet; want %d, 25 to a request", requests(), want)
	}
	if _, value, ok := dev.ShopMetafield("knitfront", "rates"); !ok || value != `{"date":"2026-11-26"}` {
		t.Errorf("the shop's rates metafield = %q, %v; want the value written", value, ok)
	}

	sent := requests()
	if n, err := w.Write(ctx, fields); err != nil || n != 0 || requests() != sent {
		t.Errorf("the same fields again: wrote %d (%v) in %d requests; want none", n, err, requests()-sent)
	}

	changed := slices.Clone(fields)
	changed[3].Value = `{"EUR":{"price":3500,"amount":525,"percentage":15,"title":"Mitten season"}}`
	if n, err := w.Write(ctx, changed); err != nil || n != 1 || requests() != sent+1 {
		t.Errorf("one changed field: wrote %d (%v) in %d requests; want 1 in 1", n, err, requests()-sent)
	}
	if _, value, _ := dev.VariantMetafield(variants[3], "knitfront", "discounts"); value != changed[3].Value {
		t.Errorf("the variant's metafield = %q; want %q", value, changed[3].Value)
	}
}

func TestMetafieldWriterStopsOnARefusedBatch(t *testing.T) {
	dev, client := standIn(t, nil)
	ctx := context.Background()
	fields := discountsOf(demo.Catalog().Products[0].Variants[0].ID, 999)
	n, err := client.Metafields().Write(ctx, fields)
	if err == nil || n != 0 {
		t.Fatalf("Write with an unknown owner = %d, %v; want an error and nothing written", n, err)
	}
	if _, _, ok := dev.VariantMetafield(demo.Catalog().Products[0].Variants[0].ID, "knitfront", "discounts"); ok {
		t.Error("a refused batch wrote part of itself; Shopify writes all or none")
	}
	// What was refused is not taken as written: the next Write tries again.
	if n, err := client.Metafields().Write(ctx, fields[:1]); err != nil || n != 1 {
		t.Errorf("Write after a refusal = %d, %v; want the field written", n, err)
	}
}

func TestMetafieldWriterNamesTheMissingScope(t *testing.T) {
	dev, client := standIn(t, nil)
	dev.SetScopes(shopify.RequiredScopes...)
	_, err := client.Metafields().ShopID(context.Background())
	var denied *shopify.AuthError
	if !errors.As(err, &denied) || !slices.Equal(denied.Scopes, []string{"write_products"}) {
		t.Fatalf("ShopID without write_products = %v; want an AuthError naming write_products", err)
	}
}
