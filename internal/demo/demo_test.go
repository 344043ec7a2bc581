package demo

import (
	"bytes"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
)

const catalogFile = "../../data/demo/catalog.json"

func TestCatalogValidates(t *testing.T) {
	if err := Catalog().Validate(); err != nil {
		t.Fatalf("Catalog().Validate():\n%v", err)
	}
}

func TestCatalogIsDeterministic(t *testing.T) {
	if !reflect.DeepEqual(Catalog(), Catalog()) {
		t.Fatal("two calls of Catalog() differ")
	}
}

func TestCatalogFileIsUpToDate(t *testing.T) {
	want, err := CatalogJSON()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(catalogFile)
	if err != nil {
		t.Fatalf("%v; run go generate ./internal/demo", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from Catalog(); run go generate ./internal/demo", catalogFile)
	}
	if len(got) >= 1<<20 {
		t.Errorf("%s is %d bytes, want under 1 MB", catalogFile, len(got))
	}
	doc, err := catalog.ReadDocument(bytes.NewReader(got))
	if err != nil {
		t.Fatalf("catalog.ReadDocument(%s): %v", catalogFile, err)
	}
	if len(doc.Products) != len(Catalog().Products) {
		t.Errorf("%s reads back with %d products, want %d", catalogFile, len(doc.Products), len(Catalog().Products))
	}
}

func TestCatalogHas(t *testing.T) {
	doc := Catalog()
	now := time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC)
	countProducts := func(match func(catalog.Product) bool) int {
		n := 0
		for _, p := range doc.Products {
			if match(p) {
				n++
			}
		}
		return n
	}
	countRules := func(match func(discount.Rule) bool) int {
		n := 0
		for _, r := range doc.Discounts {
			if match(r) {
				n++
			}
		}
		return n
	}
	preorderWithPlans := func(match func([]catalog.SellingPlan) bool) func(catalog.Product) bool {
		return func(p catalog.Product) bool {
			return slices.ContainsFunc(p.Variants, func(v catalog.Variant) bool { return v.Preorder }) && match(p.SellingPlans)
		}
	}
	onePlanOf := func(t catalog.ChargeType) func([]catalog.SellingPlan) bool {
		return func(plans []catalog.SellingPlan) bool { return len(plans) == 1 && plans[0].Charge.ValueType == t }
	}
	for _, test := range []struct {
		name  string
		count int
		min   int
	}{
		{"AtLeast56Products", len(doc.Products), 56},
		{"AtLeast6Knitters", len(doc.Knitters), 6},
		{"AtLeast6Collections", len(doc.Collections), 6},
		{"SoldOutProducts", countProducts(func(p catalog.Product) bool {
			return !slices.ContainsFunc(p.Variants, catalog.Variant.Available)
		}), 3},
		{"SoldOutVariantsOfProductsOnSale", countProducts(func(p catalog.Product) bool {
			return slices.ContainsFunc(p.Variants, catalog.Variant.Available) &&
				slices.ContainsFunc(p.Variants, func(v catalog.Variant) bool { return !v.Available() })
		}), 2},
		{"PreorderProducts", countProducts(preorderWithPlans(func([]catalog.SellingPlan) bool { return true })), 4},
		{"PreorderWithOnePercentagePlan", countProducts(preorderWithPlans(onePlanOf(catalog.ChargePercentage))), 1},
		{"PreorderWithOneFixedAmountPlan", countProducts(preorderWithPlans(onePlanOf(catalog.ChargeFixedAmount))), 1},
		{"PreorderWithTwoPlans", countProducts(preorderWithPlans(func(plans []catalog.SellingPlan) bool { return len(plans) == 2 })), 1},
		{"CompareAtPrices", countProducts(func(p catalog.Product) bool { return p.Variants[0].Prices[money.LT].CompareAt > 0 }), 6},
		{"CompareAtAndDiscount", countProducts(func(p catalog.Product) bool {
			return p.Variants[0].Prices[money.LT].CompareAt > 0 && bestDiscount(doc, p, p.Variants[0], money.LT, now).Amount > 0
		}), 1},
		{"NoDiscountInLT", countProducts(func(p catalog.Product) bool {
			return !slices.ContainsFunc(p.Variants, func(v catalog.Variant) bool {
				return bestDiscount(doc, p, v, money.LT, now).Amount > 0
			})
		}), 6},
		{"RuleOnAll", countRules(func(r discount.Rule) bool { return r.Scope == discount.ScopeAll }), 1},
		{"RuleOnCollections", countRules(func(r discount.Rule) bool { return r.Scope == discount.ScopeCollections }), 1},
		{"RuleOnProducts", countRules(func(r discount.Rule) bool { return r.Scope == discount.ScopeProducts }), 1},
		{"RuleOnVariants", countRules(func(r discount.Rule) bool { return r.Scope == discount.ScopeVariants }), 1},
		{"FixedAmountRule", countRules(func(r discount.Rule) bool { return r.ValueType == discount.FixedAmount }), 1},
		{"RuleLimitedToUS", countRules(func(r discount.Rule) bool { return slices.Equal(r.Markets, []money.Market{money.US}) }), 1},
		{"ExpiredRule", countRules(func(r discount.Rule) bool { return !r.EndsAt.IsZero() && r.EndsAt.Before(now) }), 1},
		{"FutureRule", countRules(func(r discount.Rule) bool { return r.StartsAt.After(now) }), 1},
	} {
		t.Run(test.name, func(t *testing.T) {
			if test.count < test.min {
				t.Errorf("got %d, want at least %d", test.count, test.min)
			}
		})
	}
	for _, k := range kinds() {
		t.Run("Kind/"+k.name, func(t *testing.T) {
			if countProducts(func(p catalog.Product) bool { return p.ProductType == k.productType }) == 0 {
				t.Errorf("no product of type %q", k.productType)
			}
		})
	}
}

func TestCatalogIDs(t *testing.T) {
	for _, p := range Catalog().Products {
		t.Run(p.Handle, func(t *testing.T) {
			if n := len(strconv.FormatInt(p.ID, 10)); n != 13 {
				t.Errorf("product id %d has %d digits, want 13", p.ID, n)
			}
			for _, v := range p.Variants {
				if n := len(strconv.FormatInt(v.ID, 10)); n != 14 {
					t.Errorf("variant %q id %d has %d digits, want 14", v.Title, v.ID, n)
				}
			}
		})
	}
}

func TestCatalogPrices(t *testing.T) {
	for _, p := range Catalog().Products {
		t.Run(p.Handle, func(t *testing.T) {
			for _, v := range p.Variants {
				for m, price := range v.Prices {
					if price.Amount%100 != 0 {
						t.Errorf("%s %s: price %s is not a round amount", v.Title, m, price.Amount)
					}
					if price.CompareAt != 0 && price.CompareAt <= price.Amount {
						t.Errorf("%s %s: compare-at %s is not above the price %s", v.Title, m, price.CompareAt, price.Amount)
					}
					for _, plan := range p.SellingPlans {
						if a, ok := plan.Charge.Amounts[m.Currency()]; ok && a >= price.Amount {
							t.Errorf("%s %s: plan %q charges %s upfront, not below the price %s", v.Title, m, plan.Name, a, price.Amount)
						}
					}
				}
				if v.Preorder && (v.Inventory != 0 || v.PreorderContent == "") {
					t.Errorf("%s: a pre-order variant wants inventory 0 and a message, has %d and %q", v.Title, v.Inventory, v.PreorderContent)
				}
			}
		})
	}
}

// TestDiscountExamples pins the examples other packages' tests may rely on.
func TestDiscountExamples(t *testing.T) {
	doc := Catalog()
	now := time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC)
	for _, test := range []struct {
		name          string
		handle, title string
		market        money.Market
		wantAmount    money.Amount
		wantRule      string
	}{
		{"CollectionPercentage", "pebble-beanie", "Oat", money.LT, 5_25, "Mitten season: 15% off hats and mittens"},
		{"CollectionPercentageAndCompareAt", "rastai-patterned-mittens", "Rust / M", money.GB, 6_30, "Mitten season: 15% off hats and mittens"},
		{"ProductFixedAmount", "everyday-wool-socks", "Oat / 39-41", money.AU, 8_00, "Sock drawer refresh"},
		{"VariantPercentage", "meadow-button-cardigan", "Rose / S", money.LT, 34_75, "Last ones in Rose: 25% off"},
		{"OtherVariantUndiscounted", "meadow-button-cardigan", "Sage / S", money.LT, 0, ""},
		{"AllProductsInUS", "oat-cable-sweater", "Oat / M", money.US, 6_95, "US launch: 5% off everything"},
		{"AllProductsNotInLT", "oat-cable-sweater", "Oat / M", money.LT, 0, ""},
		{"ExpiredRule", "seaside-rib-scarf", "Navy", money.LT, 0, ""},
		{"FutureRule", "patchwork-throw", "Rose", money.LT, 0, ""},
		{"OverlapPercentageWins", "harbour-rib-sweater", "Navy / M", money.LT, 11_90, "Harbour sweater: 10% off"},
		{"OverlapFixedWins", "harbour-rib-sweater", "Navy / M", money.AU, 25_00, "Harbour sweater: money off"},
	} {
		t.Run(test.name, func(t *testing.T) {
			p, v := findVariant(t, doc, test.handle, test.title)
			got := bestDiscount(doc, p, v, test.market, now)
			if got.Amount != test.wantAmount || got.Title != test.wantRule {
				t.Errorf("discount on %s %q in %s = %s by %q, want %s by %q",
					test.handle, test.title, test.market, got.Amount, got.Title, test.wantAmount, test.wantRule)
			}
		})
	}
}

func findVariant(t *testing.T, doc catalog.Document, handle, title string) (catalog.Product, catalog.Variant) {
	t.Helper()
	for _, p := range doc.Products {
		if p.Handle != handle {
			continue
		}
		for _, v := range p.Variants {
			if v.Title == title {
				return p, v
			}
		}
	}
	t.Fatalf("no variant %q of product %q", title, handle)
	return catalog.Product{}, catalog.Variant{}
}

func bestDiscount(doc catalog.Document, p catalog.Product, v catalog.Variant, m money.Market, now time.Time) discount.Result {
	var collectionIDs []int64
	for _, c := range doc.Collections {
		if slices.Contains(p.Collections, c.Handle) {
			collectionIDs = append(collectionIDs, c.ID)
		}
	}
	item := discount.Item{VariantID: v.ID, ProductID: p.ID, CollectionIDs: collectionIDs, Market: m, Price: v.Prices[m].Amount}
	return discount.Best(doc.Discounts, item, now)
}
