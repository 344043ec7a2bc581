package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"knitfront/internal/catalog"
	"knitfront/internal/demo"
	"knitfront/internal/discount"
	"knitfront/internal/money"
	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
	"knitfront/internal/store/storetest"
)

const standInToken = "shpat_standin"

// startStandIn serves the demo catalogue as the offline Shopify's Admin
// API, through wrap when it is not nil.
func startStandIn(t *testing.T, wrap func(*shopifydev.Server) http.Handler) (*shopifydev.Server, string) {
	t.Helper()
	dev := shopifydev.New(demo.Catalog(), standInToken, time.Now)
	var h http.Handler = dev
	if wrap != nil {
		h = wrap(dev)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return dev, srv.URL
}

// revokeOnBulkDownload revokes the token once the sync is halfway: when it
// downloads the bulk result.
func revokeOnBulkDownload(dev *shopifydev.Server) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, shopifydev.BulkPath) {
			dev.RevokeToken()
		}
		dev.ServeHTTP(w, r)
	})
}

// importKnitters gives a database the demo's knitters, which a shop keeps
// in knitfront rather than in Shopify.
func importKnitters(t *testing.T, vars map[string]string) {
	t.Helper()
	b, err := json.Marshal(catalog.Document{Knitters: demo.Catalog().Knitters})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "knitters.json")
	if err := writeFile(path, string(b)); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"import", path}, env(vars), io.Discard, io.Discard); err != nil {
		t.Fatalf("importing the knitters: %v", err)
	}
}

func syncArgs(shop, token string) []string {
	return []string{"sync", "--shop", shop, "--shopify-admin-token", token}
}

// apiAnswers is what a server answers for every demo variant: its discount
// in each market, and which variants are on sale.
func apiAnswers(t *testing.T, addr string) (discounts map[money.Market]map[string]any, available any) {
	t.Helper()
	var ids []string
	for _, p := range demo.Catalog().Products {
		for _, v := range p.Variants {
			ids = append(ids, fmt.Sprint(v.ID))
		}
	}
	discounts = map[money.Market]map[string]any{}
	for _, m := range money.Markets {
		discounts[m] = map[string]any{}
		for start := 0; start < len(ids); start += 250 {
			var answer struct {
				Discounts map[string]any `json:"discounts"`
			}
			url := fmt.Sprintf("%s/api/automatic-discounts?market=%s&variants=%s", addr, m, strings.Join(ids[start:min(start+250, len(ids))], ","))
			if status := getJSON(t, url, &answer); status != 200 {
				t.Fatalf("GET %s: %d", url, status)
			}
			for id, d := range answer.Discounts {
				discounts[m][id] = d
			}
		}
	}
	getJSON(t, addr+"/api/products/get-available-variant-ids", &available)
	return discounts, available
}

// differsThroughAdminAPI reports whether the sync cannot carry through the
// Admin API what the demo gives a variant in a market: a discount limited
// to markets, or a fixed amount outside the shop's currency (EUR).
func differsThroughAdminAPI(p catalog.Product, v catalog.Variant, m money.Market, collections map[string]int64) bool {
	item := discount.Item{VariantID: v.ID, ProductID: p.ID, Market: m, Price: v.Prices[m].Amount}
	for _, h := range p.Collections {
		item.CollectionIDs = append(item.CollectionIDs, collections[h])
	}
	for _, r := range demo.Catalog().Discounts {
		beyond := len(r.Markets) > 0 || (r.ValueType == discount.FixedAmount && m.Currency() != money.EUR)
		if beyond && discount.Best([]discount.Rule{r}, item, time.Now()).Amount > 0 {
			return true
		}
	}
	return false
}

func TestSyncFromTheStandInServesWhatTheDemoImportServes(t *testing.T) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			_, shop := startStandIn(t, nil)
			imported := map[string]string{"DATABASE_URL": engine.NewURL(t), "KNITFRONT_ADDR": "127.0.0.1:0"}
			if err := run(context.Background(), []string{"import", "../../data/demo/catalog.json"}, env(imported), io.Discard, io.Discard); err != nil {
				t.Fatalf("import: %v", err)
			}
			synced := map[string]string{"DATABASE_URL": engine.NewURL(t), "KNITFRONT_ADDR": "127.0.0.1:0"}
			importKnitters(t, synced)
			var out bytes.Buffer
			if err := run(context.Background(), syncArgs(shop, standInToken), env(synced), &out, io.Discard); err != nil {
				t.Fatalf("sync: %v", err)
			}
			summary := out.String()
			for _, want := range []string{"8 collections, 56 products", "5 pre-order plans", "7 automatic discounts", "charges a fixed 40.00 EUR", "shown in EUR only"} {
				if !strings.Contains(summary, want) {
					t.Errorf("summary lacks %q:\n%s", want, summary)
				}
			}

			importedAddr, _, stopImported := startServer(t, []string{"serve"}, imported)
			syncedAddr, _, stopSynced := startServer(t, []string{"serve"}, synced)
			wantDiscounts, wantAvailable := apiAnswers(t, importedAddr)
			gotDiscounts, gotAvailable := apiAnswers(t, syncedAddr)
			if !reflect.DeepEqual(gotAvailable, wantAvailable) {
				t.Errorf("variants on sale differ:\n got %v\nwant %v", gotAvailable, wantAvailable)
			}
			doc := demo.Catalog()
			collections := map[string]int64{}
			for _, c := range doc.Collections {
				collections[c.Handle] = c.ID
			}
			compared := 0
			for _, p := range doc.Products {
				for _, v := range p.Variants {
					for _, m := range money.Markets {
						if differsThroughAdminAPI(p, v, m, collections) {
							continue
						}
						id := fmt.Sprint(v.ID)
						if !reflect.DeepEqual(gotDiscounts[m][id], wantDiscounts[m][id]) {
							t.Errorf("%s variant %s: synced %v, imported %v", m, id, gotDiscounts[m][id], wantDiscounts[m][id])
						}
						compared++
					}
				}
			}
			t.Logf("%d variant-market discounts compared", compared)
			_ = stopImported()
			_ = stopSynced()
			samePricesAndPlans(t, imported["DATABASE_URL"], synced["DATABASE_URL"])
		})
	}
}

// samePricesAndPlans compares what two databases hold of every variant's
// prices and every product's pre-order plans, but the fixed deposits that
// the Admin API gives in the shop's currency only.
func samePricesAndPlans(t *testing.T, importedURL, syncedURL string) {
	t.Helper()
	want, err := storetest.Open(t, importedURL).Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, err := storetest.Open(t, syncedURL).Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Products) != len(want.Products) {
		t.Fatalf("%d products synced, %d imported", len(got.Products), len(want.Products))
	}
	for i, p := range want.Products {
		g := got.Products[i]
		var plans []catalog.SellingPlan
		for _, sp := range p.SellingPlans {
			if sp.Charge.ValueType == catalog.ChargePercentage {
				plans = append(plans, sp)
			}
		}
		if !reflect.DeepEqual(g.SellingPlans, plans) {
			t.Errorf("%s: plans %+v, want %+v", p.Handle, g.SellingPlans, plans)
		}
		for j, v := range p.Variants {
			if !reflect.DeepEqual(g.Variants[j].Prices, v.Prices) {
				t.Errorf("variant %d: prices %v, want %v", v.ID, g.Variants[j].Prices, v.Prices)
			}
		}
	}
}

func TestSyncTwiceChangesNothing(t *testing.T) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			_, shop := startStandIn(t, nil)
			vars := map[string]string{"DATABASE_URL": engine.NewURL(t)}
			importKnitters(t, vars)
			read := func() catalog.Document {
				doc, err := storetest.Open(t, vars["DATABASE_URL"]).Catalog(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				return doc
			}
			if err := run(context.Background(), syncArgs(shop, standInToken), env(vars), io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
			first := read()
			if len(first.Knitters) != len(demo.Catalog().Knitters) {
				t.Errorf("%d knitters after the sync, want the %d kept", len(first.Knitters), len(demo.Catalog().Knitters))
			}
			if err := run(context.Background(), syncArgs(shop, standInToken), env(vars), io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
			if second := read(); !reflect.DeepEqual(first, second) {
				t.Error("the second sync changed the catalogue")
			}
		})
	}
}

func TestSyncErrorsNameTheSetting(t *testing.T) {
	dev, shop := startStandIn(t, nil)
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "k.db")}
	importKnitters(t, vars)
	if err := run(context.Background(), syncArgs(shop, standInToken), env(vars), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct {
		name   string
		args   []string
		scopes []string
		want   string
	}{
		{"no shop", []string{"sync"}, nil, "KNITFRONT_SHOPIFY_SHOP (--shop) is not set"},
		{"a shop that is not one", []string{"sync", "--shop", "knit-shop.example"}, nil, "KNITFRONT_SHOPIFY_SHOP (--shop): \"knit-shop.example\" is neither"},
		{"no token", syncArgs(shop, ""), nil, "KNITFRONT_SHOPIFY_ADMIN_TOKEN (--shopify-admin-token): no Admin API access token is set"},
		{"a wrong token", syncArgs(shop, "shpat_wrong"), nil, "KNITFRONT_SHOPIFY_ADMIN_TOKEN (--shopify-admin-token): Shopify refused the Admin API access token (HTTP 401)"},
		{"a missing scope", syncArgs(shop, standInToken), []string{"read_products", "read_inventory"}, "give the custom app the Admin API access scopes read_discounts"},
	} {
		t.Run(test.name, func(t *testing.T) {
			dev.SetScopes(shopify.RequiredScopes...)
			if test.scopes != nil {
				dev.SetScopes(test.scopes...)
			}
			err := run(context.Background(), test.args, env(vars), io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), test.want) {
				t.Fatalf("err = %v, want one containing %q", err, test.want)
			}
			if strings.Contains(err.Error(), "goroutine") {
				t.Errorf("err carries a stack trace: %v", err)
			}
		})
	}
}

func TestSyncKeepsTheCatalogueWhenTheTokenIsRevokedMidway(t *testing.T) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			_, shop := startStandIn(t, revokeOnBulkDownload)
			vars := map[string]string{"DATABASE_URL": engine.NewURL(t)}
			if err := run(context.Background(), []string{"import", "../../data/demo/catalog.json"}, env(vars), io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
			err := run(context.Background(), syncArgs(shop, standInToken), env(vars), io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), "nothing changed") || !strings.Contains(err.Error(), "KNITFRONT_SHOPIFY_ADMIN_TOKEN") {
				t.Fatalf("err = %v, want a stop that names the token and says nothing changed", err)
			}
			addr, _, _ := startServer(t, []string{"serve"}, map[string]string{"DATABASE_URL": vars["DATABASE_URL"], "KNITFRONT_ADDR": "127.0.0.1:0"})
			var d struct {
				Amount float64 `json:"amount"`
			}
			// The demo's US-only rule is not in Shopify's answers: still served, so
			// the imported catalogue is the one still served.
			if status := getJSON(t, addr+"/api/automatic-discount/US/45123456000101", &d); status != 200 || d.Amount == 0 {
				t.Errorf("US discount = %d %+v; want the imported catalogue's", status, d)
			}
			resp, err := http.Post(addr+shopify.GraphQLPath, "application/json", strings.NewReader(`{"query":"{shop{name}}"}`))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("serve answers the offline Admin API with %d; it is dev's only", resp.StatusCode)
			}
		})
	}
}

func TestSyncFromDev(t *testing.T) {
	devAddr, _, _ := startServer(t, []string{"dev"}, map[string]string{
		"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "dev.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
	})
	vars := map[string]string{"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "k.db")}
	importKnitters(t, vars)
	var out bytes.Buffer
	if err := run(context.Background(), syncArgs(devAddr, devAdminToken), env(vars), &out, io.Discard); err != nil {
		t.Fatalf("sync from dev: %v", err)
	}
	if !strings.Contains(out.String(), "56 products") {
		t.Errorf("sync printed %q", out.String())
	}
}

func TestServeKeepsSignedWebhooksOnce(t *testing.T) {
	const secret = "shpss_test"
	path := filepath.Join(t.TempDir(), "k.db")
	addr, _, _ := startServer(t, []string{"serve"}, map[string]string{
		"DATABASE_URL": "sqlite:" + path, "KNITFRONT_ADDR": "127.0.0.1:0", "KNITFRONT_SHOPIFY_WEBHOOK_SECRET": secret,
		"KNITFRONT_SHOPIFY_SHOP": "knit-shop.myshopify.com",
	})
	const body = `{"id":8123456000001}`
	signature := shopify.WebhookSignature([]byte(secret), []byte(body))
	post := func(signature string) int {
		req, err := http.NewRequest(http.MethodPost, addr+"/webhooks/shopify", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("X-Shopify-Hmac-Sha256", signature)
		req.Header.Set("X-Shopify-Topic", "products/update")
		req.Header.Set("X-Shopify-Event-Id", "e-1")
		req.Header.Set("X-Shopify-Shop-Domain", "knit-shop.myshopify.com")
		req.Header.Set("X-Shopify-Triggered-At", time.Now().UTC().Format(time.RFC3339))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, test := range []struct {
		signature  string
		wantStatus int
	}{{"forged", 401}, {signature, 200}, {signature, 200}} {
		if got := post(test.signature); got != test.wantStatus {
			t.Errorf("POST signed %q: %d, want %d", test.signature, got, test.wantStatus)
		}
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM shopify_webhook_events WHERE event_id = 'e-1'`).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d events kept (%v), want 1", n, err)
	}
}
