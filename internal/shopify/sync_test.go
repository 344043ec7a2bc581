package shopify_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/demo"
	"knitfront/internal/discount"
	"knitfront/internal/money"
	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
	"knitfront/internal/testclock"
)

// standIn serves the demo catalogue's Admin API; wrap may sit in front of it.
func standIn(t *testing.T, wrap func(*shopifydev.Server, http.Handler) http.Handler) (*shopifydev.Server, *shopify.Client) {
	t.Helper()
	// The stand-in and the client share one clock; it moves only when the
	// client waits, so the stand-in's bucket restores as it would.
	clk := testclock.New(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
	dev := shopifydev.New(demo.Catalog(), "shpat_dev", clk.Now)
	var h http.Handler = dev
	if wrap != nil {
		h = wrap(dev, dev)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := shopify.NewClient(srv.URL, shopify.StaticToken("shpat_dev"), shopify.WithClock(clk.Now, clk.Sleep))
	if err != nil {
		t.Fatal(err)
	}
	return dev, c
}

// fetch reads the whole shop through client into one document.
func fetch(ctx context.Context, client *shopify.Client, knitters []catalog.Knitter) (catalog.Document, []shopify.Skipped, error) {
	shop, err := client.Read(ctx, knitters)
	if err != nil {
		return catalog.Document{}, nil, err
	}
	doc, err := shop.Document()
	return doc, shop.Skipped, err
}

func TestFetchTheDemoShop(t *testing.T) {
	_, client := standIn(t, nil)
	doc, skipped, err := fetch(context.Background(), client, demo.Catalog().Knitters)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(); err != nil {
		t.Fatalf("the synced document does not validate: %v", err)
	}
	want := demo.Catalog()
	if len(doc.Products) != len(want.Products) || len(doc.Collections) != len(want.Collections) {
		t.Fatalf("%d products, %d collections; want %d, %d", len(doc.Products), len(doc.Collections), len(want.Products), len(want.Collections))
	}
	for i, p := range want.Products {
		got := doc.Products[i]
		if got.ID != p.ID || got.Handle != p.Handle || got.KnitterID != p.KnitterID || !slices.Equal(got.Collections, p.Collections) || !slices.Equal(got.Images, p.Images) {
			t.Errorf("product %s: got %+v", p.Handle, got)
		}
		for j, v := range p.Variants {
			g := got.Variants[j]
			// A pre-order whose plans are all fixed deposits keeps no plan,
			// so it is on sale as a plain variant.
			preorder := v.Preorder && len(got.SellingPlans) > 0
			if g.ID != v.ID || g.SKU != v.SKU || g.Preorder != preorder || g.Available() != v.Available() || !maps(g.Prices, v.Prices) {
				t.Errorf("variant %d: got %+v, want %+v", v.ID, g, v)
			}
		}
		var percentPlans []catalog.SellingPlan
		for _, sp := range p.SellingPlans {
			if sp.Charge.ValueType == catalog.ChargePercentage {
				percentPlans = append(percentPlans, sp)
			}
		}
		if len(got.SellingPlans) != len(percentPlans) {
			t.Errorf("product %s: plans %+v, want the percentage ones of %+v", p.Handle, got.SellingPlans, p.SellingPlans)
		}
	}
	var fixedPlans, fixedDiscounts int
	for _, s := range skipped {
		switch {
		case strings.HasPrefix(s.Item, "gid://shopify/SellingPlan/") && strings.Contains(s.Reason, "charges a fixed"):
			fixedPlans++
		case strings.HasPrefix(s.Item, "gid://shopify/DiscountAutomaticNode/") && strings.Contains(s.Reason, "shown in EUR only"):
			fixedDiscounts++
		default:
			t.Errorf("unexpected skip: %s", s)
		}
	}
	if fixedPlans != 3 || fixedDiscounts != 2 {
		t.Errorf("%d fixed plans and %d fixed discounts named; want 3 and 2", fixedPlans, fixedDiscounts)
	}
	for _, r := range want.Discounts {
		i := slices.IndexFunc(doc.Discounts, func(g discount.Rule) bool { return g.ID == r.ID })
		if len(r.Markets) > 0 {
			if i >= 0 {
				t.Errorf("rule %q is limited to markets, which the stand-in leaves out", r.Title)
			}
			continue
		}
		if i < 0 {
			t.Errorf("rule %q is missing", r.Title)
			continue
		}
		g := doc.Discounts[i]
		if g.Percent != r.Percent || g.Scope != r.Scope || !slices.Equal(g.Targets, r.Targets) || !g.StartsAt.Equal(r.StartsAt) || !g.EndsAt.Equal(r.EndsAt) {
			t.Errorf("rule %q: got %+v, want %+v", r.Title, g, r)
		}
		if r.ValueType == discount.FixedAmount && (len(g.Amounts) != 1 || g.Amounts[money.EUR] != r.Amounts[money.EUR]) {
			t.Errorf("rule %q: amounts %v, want the EUR one of %v", r.Title, g.Amounts, r.Amounts)
		}
	}
}

func maps(a, b map[money.Market]catalog.Price) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestFetchStopsWhenTheTokenIsRevokedMidway(t *testing.T) {
	_, client := standIn(t, func(dev *shopifydev.Server, next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, shopifydev.BulkPath) {
				dev.RevokeToken()
			}
			next.ServeHTTP(w, r)
		})
	})
	_, _, err := fetch(context.Background(), client, demo.Catalog().Knitters)
	var auth *shopify.AuthError
	if !errors.As(err, &auth) || auth.Status != http.StatusUnauthorized {
		t.Fatalf("err = %v, want a 401 *AuthError", err)
	}
}

func TestFetchNamesMissingScopes(t *testing.T) {
	dev, client := standIn(t, nil)
	dev.SetScopes("write_products")
	_, _, err := fetch(context.Background(), client, demo.Catalog().Knitters)
	var auth *shopify.AuthError
	if !errors.As(err, &auth) || !slices.Equal(auth.Scopes, []string{"read_inventory", "read_discounts"}) {
		t.Fatalf("err = %v, want an *AuthError naming read_inventory and read_discounts", err)
	}
	if got := dev.Requests(shopify.RunBulkQueryOp.Name); got != 0 {
		t.Errorf("%d bulk queries started without the scopes", got)
	}
}

func TestFetchThroughThrottling(t *testing.T) {
	dev, client := standIn(t, nil)
	dev.Throttle(3)
	doc, _, err := fetch(context.Background(), client, demo.Catalog().Knitters)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Products) == 0 {
		t.Fatal("no products after throttling")
	}
	if got := dev.Requests(shopify.AccessScopesOp.Name); got != 4 {
		t.Errorf("%d scope requests, want 4: three throttled, then answered", got)
	}
}
