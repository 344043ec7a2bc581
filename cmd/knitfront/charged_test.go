package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"knitfront/internal/demo"
	"knitfront/internal/money"
)

// minorUnits reads an amount the API gives in major units, exactly.
func minorUnits(t *testing.T, n json.Number) money.Amount {
	t.Helper()
	a, err := money.ParseAmount(n.String())
	if err != nil {
		t.Fatalf("amount %q: %v", n, err)
	}
	return a
}

// shopper is one shopper of the dev storefront in a market: a cookie jar
// with the market's country, as the country selector leaves it.
func shopper(t *testing.T, addr string, m money.Market) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(addr)
	jar.SetCookies(u, []*http.Cookie{{Name: "localization", Value: string(m), Path: "/"}})
	return &http.Client{Jar: jar}
}

// cartJSON is what /cart.js says of a cart, in minor units.
type cartJSON struct {
	Currency      string `json:"currency"`
	TotalPrice    int64  `json:"total_price"`
	TotalDiscount int64  `json:"total_discount"`
	Items         []struct {
		OriginalPrice int64 `json:"original_price"`
		FinalPrice    int64 `json:"final_price"`
	} `json:"items"`
}

// chargeFor empties the shopper's cart, adds one unit of the variant and
// returns the cart, or the status /cart/add.js refused it with. A variant
// open for pre-order is added with the first of plans the cart takes.
func chargeFor(t *testing.T, client *http.Client, addr string, variant int64, plans []int64) (cartJSON, int) {
	t.Helper()
	post := func(path, body string) int {
		resp, err := client.Post(addr+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if status := post("/cart/clear.js", "{}"); status != http.StatusOK {
		t.Fatalf("/cart/clear.js: %d", status)
	}
	status := post("/cart/add.js", fmt.Sprintf(`{"items": [{"id": %d, "quantity": 1}]}`, variant))
	for _, plan := range plans {
		if status != http.StatusUnprocessableEntity {
			break
		}
		status = post("/cart/add.js", fmt.Sprintf(`{"items": [{"id": %d, "quantity": 1, "selling_plan": %d}]}`, variant, plan))
	}
	if status != http.StatusOK {
		return cartJSON{}, status
	}
	resp, err := client.Get(addr + "/cart.js")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var c cartJSON
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil {
		t.Fatalf("/cart.js: %v", err)
	}
	return c, http.StatusOK
}

// TestShownIsCharged checks the promise to a shopper over every demo
// variant in every market: the price and discount the API answers (what
// the widgets show) are what the dev storefront's cart charges for that
// variant alone, to the minor unit. Both ways dev gets its catalogue are
// checked: synced from its Shopify stand-in, and the demo imported (which
// has discounts in every currency and for one market only).
func TestShownIsCharged(t *testing.T) {
	for _, source := range []string{devFromStandIn, devFromImport} {
		t.Run(source, func(t *testing.T) {
			addr, _, _ := startServer(t, []string{"dev"}, map[string]string{
				"DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "dev.db"), "KNITFRONT_ADDR": "127.0.0.1:0",
				"KNITFRONT_DEV_CATALOGUE": source,
			})
			var table struct {
				Markets map[money.Market]struct {
					Variants map[string]struct {
						Price      json.Number `json:"price"`
						Discounted json.Number `json:"discounted_price"`
					} `json:"variants"`
				} `json:"markets"`
			}
			getJSON(t, addr+"/api/products/cache-prices", &table)
			var onSale struct {
				IDs []int64 `json:"variant_ids"`
			}
			getJSON(t, addr+"/api/products/get-available-variant-ids", &onSale)

			discounted := 0
			for _, m := range money.Markets {
				client := shopper(t, addr, m)
				for _, p := range demo.Catalog().Products {
					for _, v := range p.Variants {
						var plans []int64
						for _, sp := range p.SellingPlans {
							plans = append(plans, sp.ID)
						}
						charged, status := chargeFor(t, client, addr, v.ID, plans)
						if !slices.Contains(onSale.IDs, v.ID) {
							if status != http.StatusUnprocessableEntity {
								t.Errorf("%s %d is not on sale, but /cart/add.js answered %d", m, v.ID, status)
							}
							continue
						}
						if status != http.StatusOK || len(charged.Items) != 1 {
							t.Errorf("%s %d is on sale, but /cart/add.js answered %d", m, v.ID, status)
							continue
						}
						var shown struct {
							Amount json.Number `json:"amount"`
						}
						getJSON(t, fmt.Sprintf("%s/api/automatic-discount/%s/%d", addr, m, v.ID), &shown)
						entry := table.Markets[m].Variants[fmt.Sprint(v.ID)]
						price, off := int64(minorUnits(t, entry.Price)), int64(minorUnits(t, shown.Amount))
						item := charged.Items[0]
						if charged.Currency != string(m.Currency()) || item.OriginalPrice != price ||
							item.OriginalPrice-item.FinalPrice != off || charged.TotalDiscount != off ||
							charged.TotalPrice != int64(minorUnits(t, entry.Discounted)) || charged.TotalPrice != price-off {
							t.Errorf("%s %d: shown %s, %s off (table: %s after discounts); charged %s %d, %d off, total %d",
								m, v.ID, entry.Price, shown.Amount, entry.Discounted, charged.Currency, item.OriginalPrice,
								charged.TotalDiscount, charged.TotalPrice)
						}
						if off > 0 {
							discounted++
						}
					}
				}
			}
			if discounted == 0 {
				t.Error("no variant was discounted in any market: the check compared no discount")
			}
		})
	}
}
