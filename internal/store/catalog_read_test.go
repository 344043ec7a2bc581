package store_test

import (
	"context"
	"encoding/json"
	"testing"

	"knitfront/internal/demo"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
)

// TestCatalogReadsBackWhatImportWrote imports the demo catalogue, which has
// every kind of thing a catalogue holds, and reads it back unchanged.
func TestCatalogReadsBackWhatImportWrote(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		want := demo.Catalog()
		if _, err := db.Import(ctx, want); err != nil {
			t.Fatal(err)
		}
		got, err := db.Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.MarshalIndent(want, "", " ")
		gotJSON, _ := json.MarshalIndent(got, "", " ")
		if string(gotJSON) != string(wantJSON) {
			t.Errorf("the catalogue read back differs from the one imported:\n%s", firstDifference(string(wantJSON), string(gotJSON)))
		}
	})
}

func TestCatalogOfAnEmptyShop(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		got, err := db.Catalog(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Products)+len(got.Collections)+len(got.Knitters)+len(got.Discounts) != 0 {
			t.Errorf("an empty shop has a catalogue: %+v", got)
		}
	})
}

// firstDifference shows where two long texts part, with some context.
func firstDifference(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	from := max(0, i-300)
	return "want …" + want[from:min(len(want), i+200)] + "\n\ngot …" + got[from:min(len(got), i+200)]
}
