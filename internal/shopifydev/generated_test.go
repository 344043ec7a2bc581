package shopifydev

import (
	"testing"
	"time"
)

func TestGeneratedShopsAreImportable(t *testing.T) {
	for _, size := range []struct{ products, variants int }{{1, 1}, {250, 10}, {1000, 1}} {
		doc := Generated(size.products, size.variants, time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
		if err := doc.Validate(); err != nil {
			t.Errorf("%d products of %d variants: %v", size.products, size.variants, err)
		}
		variants := 0
		for _, p := range doc.Products {
			variants += len(p.Variants)
		}
		if len(doc.Products) != size.products || variants != size.products*size.variants || len(doc.Discounts) != GeneratedDiscounts {
			t.Errorf("%d products, %d variants, %d discounts; want %d, %d, %d",
				len(doc.Products), variants, len(doc.Discounts), size.products, size.products*size.variants, GeneratedDiscounts)
		}
	}
}
