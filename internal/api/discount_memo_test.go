package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"knitfront/internal/api"
	"knitfront/internal/catalog"
	"knitfront/internal/demo"
	"knitfront/internal/money"
	"knitfront/internal/pricing"
	"knitfront/internal/store/storetest"
)

// TestMemoizedDiscountsAreTheEncodedAnswers asks for every demo variant and
// product in every market twice, the first time encoded, the second from
// the memo, and wants the same bytes and ETag both times, and the same JSON
// as the batch lookup, which encodes its answer on every request: for a
// product, the batch's answer of its lowest-priced variant.
func TestMemoizedDiscountsAreTheEncodedAnswers(t *testing.T) {
	doc := demo.Catalog()
	db := storetest.Open(t, "sqlite:"+t.TempDir()+"/demo.db")
	if _, err := db.Import(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
	s := &testServer{server: api.New(api.Config{DB: db, Prices: pricing.New(db, time.Now)})}

	// twice answers url as encoded and then as memoized, which must agree.
	twice := func(t *testing.T, url string) string {
		t.Helper()
		encoded, memoized := s.get(t, url), s.get(t, url)
		first, second := body(t, encoded), body(t, memoized)
		if encoded.StatusCode != http.StatusOK || first != second || encoded.Header.Get("ETag") != memoized.Header.Get("ETag") {
			t.Errorf("GET %s: %d %s (ETag %s), then %d %s (ETag %s)", url, encoded.StatusCode, first, encoded.Header.Get("ETag"),
				memoized.StatusCode, second, memoized.Header.Get("ETag"))
		}
		return strings.TrimSpace(first)
	}
	// batch answers a variant's discount as the batch lookup encodes it.
	batch := func(t *testing.T, country string, variant int64) string {
		t.Helper()
		id := strconv.FormatInt(variant, 10)
		var answer struct{ Discounts map[string]json.RawMessage }
		if err := json.Unmarshal([]byte(body(t, s.get(t, "/api/automatic-discounts?market="+country+"&variants="+id))), &answer); err != nil {
			t.Fatal(err)
		}
		return string(answer.Discounts[id])
	}

	answers := 0
	// DE has no market of its own: it shops in the default one.
	for _, country := range append(marketCodes(), "DE") {
		market, err := money.MarketForCountry(country)
		if err != nil {
			t.Fatal(err)
		}
		for _, product := range doc.Products {
			var cheapest *catalog.Variant
			for i, v := range product.Variants {
				if _, ok := v.Prices[market]; !ok {
					continue
				}
				if cheapest == nil || v.Prices[market].Amount < cheapest.Prices[market].Amount {
					cheapest = &product.Variants[i]
				}
				url := "/api/automatic-discount/" + country + "/" + strconv.FormatInt(v.ID, 10)
				if got, want := twice(t, url), batch(t, country, v.ID); got != want {
					t.Errorf("GET %s = %s; the batch answers %s", url, got, want)
				}
				answers++
			}
			if cheapest == nil {
				continue
			}
			url := "/api/automatic-discount/product/" + country + "/" + strconv.FormatInt(product.ID, 10)
			if got, want := twice(t, url), batch(t, country, cheapest.ID); got != want {
				t.Errorf("GET %s = %s; the batch answers %s for its variant %d", url, got, want, cheapest.ID)
			}
		}
	}
	if answers < 4*10 {
		t.Errorf("only %d variant answers compared: the demo catalogue should price dozens in every market", answers)
	}
}

func marketCodes() []string {
	codes := make([]string, 0, len(money.Markets))
	for _, m := range money.Markets {
		codes = append(codes, string(m))
	}
	return codes
}

// TestMemoizedDiscountsFollowTheTable changes a discount and wants the next
// answer to carry it: the memo belongs to the table it was drawn from.
func TestMemoizedDiscountsFollowTheTable(t *testing.T) {
	s := newTestServer(t)
	url := "/api/automatic-discount/LT/" + hatVariant
	before := s.get(t, url)
	if got := strings.TrimSpace(body(t, before)); got != `{"amount":4.5,"currency":"EUR","percentage":10,"title":"Hats 10%"}` {
		t.Fatalf("before the change: %s", got)
	}
	doc := testCatalogue()
	doc.Discounts[0].Percent = 2000
	doc.Discounts[0].Title = "Hats 20%"
	if _, err := s.db.Import(context.Background(), doc); err != nil {
		t.Fatal(err)
	}
	s.prices.Invalidate()
	after := s.get(t, url)
	if got := strings.TrimSpace(body(t, after)); got != `{"amount":9,"currency":"EUR","percentage":20,"title":"Hats 20%"}` {
		t.Errorf("after the change: %s", got)
	}
	if before.Header.Get("ETag") == after.Header.Get("ETag") {
		t.Error("a changed answer kept its ETag")
	}
}

// stalePrices never has a fresh table, and its rebuild answers only when the
// request's context ends, as a hung database does.
type stalePrices struct{}

func (stalePrices) Fresh() *pricing.Table { return nil }

func (stalePrices) Table(ctx context.Context) (*pricing.Table, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// TestWaitingForPricesHasTheDeadline: the price lookups carry no deadline
// while the table is fresh, so a wait for its rebuild must bring its own.
func TestWaitingForPricesHasTheDeadline(t *testing.T) {
	const deadline = 50 * time.Millisecond
	s := newTestServer(t, func(cfg *api.Config) {
		cfg.Prices = stalePrices{}
		cfg.DBTimeout = deadline
	})
	for _, url := range []string{
		"/api/automatic-discount/LT/" + hatVariant,
		"/api/automatic-discount/product/LT/" + hatProduct,
		"/api/automatic-discounts?market=LT&variants=" + hatVariant,
		"/api/products/cache-prices",
		"/api/products/get-available-variant-ids",
	} {
		start := time.Now()
		resp := s.get(t, url)
		if code := errorCode(t, resp); resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Errorf("GET %s = %d %s, Retry-After %q; want 503 with a Retry-After", url, resp.StatusCode, code, resp.Header.Get("Retry-After"))
		}
		// Generous for a loaded machine; without a deadline it waits for ever.
		if took := time.Since(start); took > deadline+5*time.Second {
			t.Errorf("GET %s answered after %v", url, took)
		}
	}
}
