package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"knitfront/internal/demo"
	"knitfront/internal/discount"
	"knitfront/internal/money"
	"knitfront/internal/shopify"
	"knitfront/internal/shopifydev"
	"knitfront/internal/store/storetest"
)

const webhookSecret = "shpss_test"

// startSyncedServe syncs a fresh database from a stand-in and serves it
// with the shop's settings, the stand-in sending its webhooks there.
func startSyncedServe(t *testing.T, engine storetest.Engine) (dev *shopifydev.Server, addr string, logs *syncBuffer) {
	t.Helper()
	dev, shop := startStandIn(t, nil)
	vars := map[string]string{"DATABASE_URL": engine.NewURL(t)}
	importKnitters(t, vars)
	if err := run(context.Background(), syncArgs(shop, standInToken), env(vars), io.Discard, io.Discard); err != nil {
		t.Fatalf("sync: %v", err)
	}
	vars["KNITFRONT_ADDR"] = "127.0.0.1:0"
	vars["KNITFRONT_SHOPIFY_SHOP"] = shop
	vars["KNITFRONT_SHOPIFY_ADMIN_TOKEN"] = standInToken
	vars["KNITFRONT_SHOPIFY_WEBHOOK_SECRET"] = webhookSecret
	addr, logs, _ = startServer(t, []string{"serve"}, vars)
	dev.SendWebhooksTo(addr+"/webhooks/shopify", []byte(webhookSecret))
	return dev, addr, logs
}

// waitFor polls until served holds, and says how long that took.
func waitFor(t *testing.T, what string, served func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !served() {
		if time.Since(start) > 20*time.Second {
			t.Fatalf("%s: not served after 20s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return time.Since(start)
}

// listPrice is the price the API's price table gives a variant in a market.
func listPrice(t *testing.T, addr string, m money.Market, variant int64) money.Amount {
	var table struct {
		Markets map[money.Market]struct {
			Variants map[string]struct {
				Price money.Amount `json:"price"`
			} `json:"variants"`
		} `json:"markets"`
	}
	getJSON(t, addr+"/api/products/cache-prices", &table)
	return table.Markets[m].Variants[strconv.FormatInt(variant, 10)].Price
}

func availableIDs(t *testing.T, addr string) []int64 {
	var answer struct {
		IDs []int64 `json:"variant_ids"`
	}
	getJSON(t, addr+"/api/products/get-available-variant-ids", &answer)
	return answer.IDs
}

// discountTitle is the title of the discount the API gives a variant in
// LT, "" when none.
func discountTitle(t *testing.T, addr string, variant int64) string {
	var answer struct {
		Title string `json:"title"`
	}
	getJSON(t, fmt.Sprintf("%s/api/automatic-discount/LT/%d", addr, variant), &answer)
	return answer.Title
}

// TestChangesInTheStandInReachTheAPI makes each change a merchant makes in
// Shopify's admin and waits until the API serves it: the webhook, the
// inbox, the worker's re-read and the change notification in between. The
// time each took is logged (go test -v); the goal is under 2 s.
func TestChangesInTheStandInReachTheAPI(t *testing.T) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			dev, addr, _ := startSyncedServe(t, engine)
			doc := demo.Catalog()
			priced, soldOut := doc.Products[0].Variants[0], doc.Products[1].Variants[0]
			var discounted int64
			var title string
			for _, p := range doc.Products {
				if title = discountTitle(t, addr, p.Variants[0].ID); title != "" {
					discounted = p.Variants[0].ID
					break
				}
			}
			rule := slices.IndexFunc(doc.Discounts, func(r discount.Rule) bool { return r.Title == title })
			if rule < 0 {
				t.Fatalf("no demo discount is titled %q", title)
			}
			newPrice := priced.Prices[money.LT].Amount + 123
			for _, test := range []struct {
				name   string
				change shopifydev.Change
				served func() bool
			}{
				{"a new price", shopifydev.Change{Kind: "price", Variant: priced.ID, Market: money.LT, Price: newPrice}, func() bool {
					return listPrice(t, addr, money.LT, priced.ID) == newPrice
				}},
				{"a variant sold out", shopifydev.Change{Kind: "sell-out", Variant: soldOut.ID}, func() bool {
					return !slices.Contains(availableIDs(t, addr), soldOut.ID)
				}},
				{"a discount ended", shopifydev.Change{Kind: "end-discount", Discount: doc.Discounts[rule].ID}, func() bool {
					return discountTitle(t, addr, discounted) != title
				}},
			} {
				start := time.Now()
				if err := dev.Apply(test.change); err != nil {
					t.Fatalf("%s: %v", test.name, err)
				}
				waitFor(t, test.name, test.served)
				t.Logf("%s: served %s after the change", test.name, time.Since(start).Round(time.Millisecond))
			}
		})
	}
}

var appliedLine = regexp.MustCompile(`"msg":"shop's webhooks applied","events":(\d+)`)

// appliedEvents counts the events the worker logged as applied.
func appliedEvents(logs *syncBuffer) int {
	n := 0
	for _, m := range appliedLine.FindAllStringSubmatch(logs.String(), -1) {
		k, _ := strconv.Atoi(m[1])
		n += k
	}
	return n
}

// TestAReplayedWebhookIsAppliedOnce sends one event twice, then another:
// when the second is applied, everything received before it has been, and
// the replay was not applied again.
func TestAReplayedWebhookIsAppliedOnce(t *testing.T) {
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			dev, addr, logs := startSyncedServe(t, engine)
			products := demo.Catalog().Products
			post := func(eventID string, product int64) {
				body := fmt.Sprintf(`{"id":%d}`, product)
				req, err := http.NewRequest(http.MethodPost, addr+"/webhooks/shopify", strings.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("X-Shopify-Hmac-Sha256", shopify.WebhookSignature([]byte(webhookSecret), []byte(body)))
				req.Header.Set("X-Shopify-Topic", "products/update")
				req.Header.Set("X-Shopify-Event-Id", eventID)
				req.Header.Set("X-Shopify-Shop-Domain", shopifydev.ShopDomain)
				req.Header.Set("X-Shopify-Triggered-At", time.Now().UTC().Format(time.RFC3339))
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("POST event %s: %d", eventID, resp.StatusCode)
				}
			}
			reads := dev.Requests("Product")
			post("replayed", products[0].ID)
			post("replayed", products[0].ID)
			waitFor(t, "the first event", func() bool { return appliedEvents(logs) >= 1 })
			post("later", products[1].ID)
			waitFor(t, "the later event", func() bool { return appliedEvents(logs) >= 2 })
			if got := appliedEvents(logs); got != 2 {
				t.Errorf("%d events applied, want 2", got)
			}
			if got := dev.Requests("Product") - reads; got != 2 {
				t.Errorf("%d products read again, want 2", got)
			}
		})
	}
}
