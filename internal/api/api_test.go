package api_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"knitfront/internal/api"
	"knitfront/internal/catalog"
	"knitfront/internal/discount"
	"knitfront/internal/money"
	"knitfront/internal/pricing"
	"knitfront/internal/rates"
	"knitfront/internal/store"
	"knitfront/internal/store/storetest"
	"knitfront/internal/testclock"
)

// Ids of the test catalogue.
const (
	hatVariant     = "45000000000011" // 45.00 EUR, in the hats collection: 10 % off
	plainVariant   = "45000000000021" // 90.00 EUR, no discount in LT; 5 % off in US
	hatProduct     = "8000000000001"
	plainProduct   = "8000000000002"
	unknownVariant = "45999999999999"
)

func prices(eur money.Amount) map[money.Market]catalog.Price {
	return map[money.Market]catalog.Price{
		money.LT: {Amount: eur}, money.AU: {Amount: eur * 2}, money.GB: {Amount: eur}, money.US: {Amount: eur},
	}
}

func testCatalogue() catalog.Document {
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	return catalog.Document{
		Collections: []catalog.Collection{{ID: 100, Handle: "hats", Title: "Hats"}},
		Products: []catalog.Product{
			{ID: 8000000000001, Handle: "hat", Title: "Hat", Collections: []string{"hats"}, Options: []string{"Colour"},
				Variants: []catalog.Variant{
					{ID: 45000000000011, Title: "Oat", Options: []string{"Oat"}, Inventory: 1, Prices: prices(4500)},
					{ID: 45000000000012, Title: "Rust", Options: []string{"Rust"}, Inventory: 1, Prices: prices(6000)},
				}},
			{ID: 8000000000002, Handle: "sweater", Title: "Sweater", Options: []string{},
				Variants: []catalog.Variant{{ID: 45000000000021, Title: "Default", Options: []string{}, Inventory: 1, Prices: prices(9000)}}},
		},
		Discounts: []discount.Rule{
			{ID: 1, Title: "Hats 10%", ValueType: discount.Percentage, Percent: 1000, Scope: discount.ScopeCollections, Targets: []int64{100}, StartsAt: start},
			{ID: 2, Title: "US 5%", ValueType: discount.Percentage, Percent: 500, Scope: discount.ScopeAll, Markets: []money.Market{money.US}, StartsAt: start},
		},
	}
}

// countingPrices counts the lookups that reach the price model, so a test
// can show that bad input never does.
type countingPrices struct {
	*pricing.Model
	mu    sync.Mutex
	calls int
}

func (c *countingPrices) count() {
	c.mu.Lock()
	c.calls++
	c.mu.Unlock()
}

func (c *countingPrices) Calls() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls
}

func (c *countingPrices) Fresh() *pricing.Table {
	c.count()
	return c.Model.Fresh()
}

func (c *countingPrices) Table(ctx context.Context) (*pricing.Table, error) {
	c.count()
	return c.Model.Table(ctx)
}

// testServer is the API over a real SQLite store holding testCatalogue. Every
// answer it gives is checked against docs/openapi.yaml.
type testServer struct {
	server *api.Server
	assets *api.Assets
	db     *store.DB
	prices *countingPrices
	// rates serve from the store on ratesClock, which starts on Friday
	// 2026-11-20 at 18:00 UTC; the store holds no rates at first.
	rates      *rates.Service
	ratesClock *testclock.Clock
}

func newTestServer(t *testing.T, configure ...func(*api.Config)) *testServer {
	t.Helper()
	db := storetest.Open(t, "sqlite:"+t.TempDir()+"/api.db")
	if _, err := db.Import(context.Background(), testCatalogue()); err != nil {
		t.Fatal(err)
	}
	prices := &countingPrices{Model: pricing.New(db, time.Now)}
	ratesClock := testclock.New(time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC))
	ratesService := rates.NewService(db, ratesClock.Now)
	cfg := api.Config{
		DB:     db,
		Prices: prices,
		Rates:  ratesService,
		Assets: api.NewAssets(fstest.MapFS{
			"knitfront.js":           {Data: []byte("console.log('knitfront');")},
			"knitfront-page-abc1.js": {Data: []byte("export const page = 1;")},
		}, nil),
	}
	for _, c := range configure {
		c(&cfg)
	}
	return &testServer{server: api.New(cfg), assets: cfg.Assets, db: db, prices: prices, rates: ratesService, ratesClock: ratesClock}
}

// get sends a GET with optional headers as "Name: value" strings.
func (s *testServer) get(t *testing.T, target string, headers ...string) *http.Response {
	t.Helper()
	return s.do(t, httptest.NewRequest(http.MethodGet, target, nil), headers...)
}

func (s *testServer) do(t *testing.T, req *http.Request, headers ...string) *http.Response {
	t.Helper()
	for _, h := range headers {
		name, value, _ := strings.Cut(h, ": ")
		req.Header.Set(name, value)
	}
	rec := httptest.NewRecorder()
	s.server.ServeHTTP(rec, req)
	resp := rec.Result()
	checkContract(t, req, resp)
	return resp
}

func body(t *testing.T, resp *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var (
	contractOnce   sync.Once
	contractRouter routers.Router
	contractErr    error
)

// checkContract validates an answer against docs/openapi.yaml. Answers to
// paths the document does not describe must still be JSON errors.
func checkContract(t *testing.T, req *http.Request, resp *http.Response) {
	t.Helper()
	contractOnce.Do(func() {
		doc, err := openapi3.NewLoader().LoadFromFile("../../docs/openapi.yaml")
		if err != nil {
			contractErr = err
			return
		}
		if err := doc.Validate(context.Background()); err != nil {
			contractErr = err
			return
		}
		contractRouter, contractErr = gorillamux.NewRouter(doc)
	})
	if contractErr != nil {
		t.Fatalf("docs/openapi.yaml: %v", contractErr)
	}
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body = io.NopCloser(strings.NewReader(string(raw)))

	if strings.HasPrefix(req.URL.Path, "/assets/") {
		return // the bundle is JavaScript, not part of the JSON API
	}
	route, pathParams, err := contractRouter.FindRoute(req)
	if err != nil {
		if resp.StatusCode < 400 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") ||
			!strings.Contains(string(raw), `"error":{"code":`) {
			t.Errorf("%s %.120s is not in docs/openapi.yaml, and its answer is not a JSON error: %d %s",
				req.Method, req.URL, resp.StatusCode, raw)
		}
		return
	}
	input := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: pathParams, Route: route},
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(strings.NewReader(string(raw))),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), input); err != nil {
		t.Errorf("%s %.120s answered %d %s, which docs/openapi.yaml does not allow: %.300v", req.Method, req.URL, resp.StatusCode, raw, err)
	}
}
