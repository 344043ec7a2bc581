package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"knitfront/internal/shopify"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// TestDevServesTheStorefront checks what `knitfront dev` adds to `serve`:
// the storefront's pages, the theme's assets, the demo pictures and the
// Storefront API; `serve` has none of them.
func TestDevServesTheStorefront(t *testing.T) {
	dir := t.TempDir()
	devAddr, _, _ := startServer(t, []string{"dev"}, map[string]string{
		"DATABASE_URL": "sqlite:" + filepath.Join(dir, "dev.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
	})
	for _, test := range []struct{ path, want string }{
		{"/", "Knitted slowly, worn for years"},
		{"/products/oat-cable-sweater", `<product-price`},
		{"/assets/base.css", "--color-background"},
		{"/assets/global.js", "knitfront:preorder-show"},
		{"/demo-images/products/hat-oat.svg", "<svg"},
		{"/cart.js", `"item_count":0`},
	} {
		if status, body := get(t, devAddr+test.path); status != http.StatusOK || !strings.Contains(body, test.want) {
			t.Errorf("dev: GET %s = %d, want 200 with %q", test.path, status, test.want)
		}
	}
	if status, body := get(t, devAddr+"/"); !strings.Contains(body, `/assets/base.css?v=`) {
		t.Errorf("dev: the page does not load its stylesheet by a versioned address (%d)", status)
	}
	resp, err := http.Post(devAddr+"/api/2026-10/graphql.json", "application/json",
		strings.NewReader(`{"query": "{ product(handle: \"oat-cable-sweater\") { handle } }"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"handle":"oat-cable-sweater"`) {
		t.Errorf("dev: Storefront API = %d %s", resp.StatusCode, body)
	}

	serveAddr, _, _ := startServer(t, []string{"serve"}, map[string]string{
		"DATABASE_URL": "sqlite:" + filepath.Join(dir, "serve.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
	})
	for _, path := range []string{"/", "/cart.js", "/assets/base.css", "/demo-images/products/hat-oat.svg"} {
		if status, _ := get(t, serveAddr+path); status != http.StatusNotFound {
			t.Errorf("serve: GET %s = %d, want 404", path, status)
		}
	}
	resp, err = http.Post(serveAddr+"/api/2026-10/graphql.json", "application/json", strings.NewReader(`{"query": "{ __typename }"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("serve: the Storefront API answered %d, want 404", resp.StatusCode)
	}
}

// KNITFRONT_DEV_THEME_SETTINGS overrides the theme's settings, as a merchant
// does in the theme editor; a setting the theme does not define is refused.
func TestDevThemeSettings(t *testing.T) {
	vars := map[string]string{
		"DATABASE_URL":                 "sqlite:" + filepath.Join(t.TempDir(), "k.db"),
		"KNITFRONT_ADDR":               "127.0.0.1:0",
		"KNITFRONT_DEV_THEME_SETTINGS": `{"knitfront_debug": true}`,
	}
	addr, _, _ := startServer(t, []string{"dev"}, vars)
	if _, page := get(t, addr+"/"); !strings.Contains(page, `debug: true`) {
		t.Errorf("the page's knitfrontConfig does not carry the overridden debug setting")
	}

	// The shop without the add-on, as bench/lighthouse compares it: no bundle, no placeholders.
	if _, page := get(t, addr+"/products/oat-cable-sweater"); !strings.Contains(page, `<html class="no-js knitfront"`) ||
		!strings.Contains(page, "/assets/knitfront.js") {
		t.Errorf("the product page with the add-on lacks its bundle or its html class")
	}
	vars["KNITFRONT_DEV_THEME_SETTINGS"] = `{"knitfront_enabled": false}`
	off, _, _ := startServer(t, []string{"dev"}, vars)
	_, page := get(t, off+"/products/oat-cable-sweater")
	for _, added := range []string{"knitfront.js", "knitfrontConfig", "no-js knitfront"} {
		if strings.Contains(page, added) {
			t.Errorf("the product page without the add-on has %q", added)
		}
	}
	if !strings.Contains(page, "<product-price") || !strings.Contains(page, "€129,00") {
		t.Errorf("the product page without the add-on lacks the theme's price")
	}

	vars["KNITFRONT_DEV_THEME_SETTINGS"] = `{"no_such_setting": 1}`
	err := run(context.Background(), []string{"dev"}, env(vars), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "no_such_setting") {
		t.Errorf("dev with an unknown theme setting = %v, want an error naming it", err)
	}
	vars["KNITFRONT_DEV_THEME_SETTINGS"] = `[1]`
	if err := run(context.Background(), []string{"dev"}, env(vars), io.Discard, io.Discard); err == nil {
		t.Error("dev with settings that are not a JSON object succeeded")
	}
}

// discountOf is the API's automatic discount of a variant in a market.
type discountOf struct {
	Amount float64 `json:"amount"`
	Title  string  `json:"title"`
}

// With no shop set, dev is its own shop: it syncs the demo catalogue from
// its Shopify stand-in before it says it listens, and a change made there
// comes back through a signed webhook, the inbox and its worker.
func TestDevSyncsFromItsOwnStandIn(t *testing.T) {
	const beanie = "45123456003501" // 15 % off in hats and mittens: 5.25 of 35.00 EUR
	addr, logs, _ := startServer(t, []string{"dev"}, map[string]string{
		"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "dev.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
	})
	for _, want := range []string{`"shop":"` + addr + `"`, "catalogue synced from its own Shopify stand-in", `"products":56`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log lacks %s:\n%s", want, logs)
		}
	}
	var d discountOf
	if status := getJSON(t, addr+"/api/automatic-discount/LT/"+beanie, &d); status != 200 || d.Amount != 5.25 {
		t.Fatalf("beanie's discount right after start = %d %+v, want 5.25", status, d)
	}
	var knitters struct{ Knitters []any }
	if getJSON(t, addr+"/api/knitters", &knitters); len(knitters.Knitters) == 0 {
		t.Error("dev has no knitters: a shop keeps them in knitfront, so dev adds the demo's")
	}

	resp, err := http.Post(addr+"/admin/dev/changes", "application/json",
		strings.NewReader(`{"change":"price","variant":`+beanie+`,"market":"LT","price":40}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the change answered %d", resp.StatusCode)
	}
	waitFor(t, "the new price's discount (6.00 of 40.00 EUR)", func() bool {
		getJSON(t, addr+"/api/automatic-discount/LT/"+beanie, &d)
		return d.Amount == 6
	})
	// The worker logs once it has marked the event applied, after the write.
	waitFor(t, "the webhook applied from the inbox", func() bool {
		return strings.Contains(logs.String(), `"msg":"shop's webhooks applied","events":1`)
	})
}

// --dev-catalogue import loads the demo catalogue as before, with what the
// Admin API cannot carry: the US-only discount.
func TestDevImportsTheDemoWhenAsked(t *testing.T) {
	addr, logs, _ := startServer(t, []string{"dev"}, map[string]string{
		"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "dev.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
		"KNITFRONT_DEV_CATALOGUE": "import",
	})
	if !strings.Contains(logs.String(), "demo catalogue imported") || strings.Contains(logs.String(), "Shopify stand-in") {
		t.Errorf("dev did not import the demo instead of syncing:\n%s", logs)
	}
	var d discountOf
	// oat-cable-sweater's first variant: in no collection on sale, 5 % off in the US alone.
	if getJSON(t, addr+"/api/automatic-discount/US/45123456000101", &d); !strings.HasPrefix(d.Title, "US launch") {
		t.Errorf("the US-only discount = %+v, want the demo's US launch", d)
	}
	err := run(context.Background(), []string{"dev", "--dev-catalogue", "json"}, env(map[string]string{}), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "KNITFRONT_DEV_CATALOGUE") {
		t.Errorf("dev --dev-catalogue json = %v, want an error naming the setting", err)
	}
}

// With a shop set, dev syncs from that shop, not from its own stand-in.
func TestDevSyncsFromTheConfiguredShop(t *testing.T) {
	standIn, shop := startStandIn(t, nil)
	addr, logs, _ := startServer(t, []string{"dev"}, map[string]string{
		"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "dev.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
		"KNITFRONT_SHOPIFY_SHOP": shop, "KNITFRONT_SHOPIFY_ADMIN_TOKEN": standInToken,
	})
	if !strings.Contains(logs.String(), `"msg":"dev: the catalogue comes from the configured shop","shop":"`+shop+`"`) {
		t.Errorf("the log does not name the configured shop:\n%s", logs)
	}
	waitFor(t, "the configured shop's catalogue", func() bool {
		var ids struct {
			VariantIDs []int64 `json:"variant_ids"`
		}
		getJSON(t, addr+"/api/products/get-available-variant-ids", &ids)
		return len(ids.VariantIDs) > 0
	})
	if standIn.Requests(shopify.RunBulkQueryOp.Name) != 1 {
		t.Errorf("the configured shop ran %d bulk queries, want 1", standIn.Requests(shopify.RunBulkQueryOp.Name))
	}
}
