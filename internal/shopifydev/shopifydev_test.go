package shopifydev

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"knitfront/internal/demo"
	"knitfront/internal/shopify"
)

// post sends one operation and decodes the whole answer.
func post(t *testing.T, s *Server, token, operation string) (int, map[string]any) {
	t.Helper()
	body := `{"query":"","operationName":"` + operation + `"}`
	req := httptest.NewRequest(http.MethodPost, shopify.GraphQLPath, strings.NewReader(body))
	req.Header.Set("X-Shopify-Access-Token", token)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	var answer map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
		t.Fatalf("%s: %v: %s", operation, err, rec.Body)
	}
	return rec.Code, answer
}

func TestStandInAnswers(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	s := New(demo.Catalog(), "shpat_dev", func() time.Time { return now })
	for _, test := range []struct {
		name, token, operation string
		throttle               int
		wantStatus             int
		wantErrorCode          string
		wantAvailable          float64
	}{
		{name: "a wrong token", token: "shpat_wrong", operation: shopify.AccessScopesOp.Name, wantStatus: 401},
		{name: "scopes cost a point", token: "shpat_dev", operation: shopify.AccessScopesOp.Name, wantStatus: 200, wantAvailable: 999},
		{name: "a page of plan groups pays for its nodes", token: "shpat_dev", operation: shopify.SellingPlanGroupsOp.Name, wantStatus: 200, wantAvailable: 993},
		{name: "forced throttling", token: "shpat_dev", operation: shopify.AccessScopesOp.Name, throttle: 1, wantStatus: 200, wantErrorCode: "THROTTLED", wantAvailable: 993},
		{name: "an operation knitfront does not send", token: "shpat_dev", operation: "DeleteEverything", wantStatus: 200, wantErrorCode: "UNSUPPORTED"},
	} {
		t.Run(test.name, func(t *testing.T) {
			s.Throttle(test.throttle)
			status, answer := post(t, s, test.token, test.operation)
			if status != test.wantStatus {
				t.Fatalf("status %d, want %d: %v", status, test.wantStatus, answer)
			}
			if status != 200 {
				return
			}
			code := ""
			if errs, ok := answer["errors"].([]any); ok && len(errs) > 0 {
				code, _ = errs[0].(map[string]any)["extensions"].(map[string]any)["code"].(string)
			}
			if code != test.wantErrorCode {
				t.Errorf("error code %q, want %q: %v", code, test.wantErrorCode, answer)
			}
			if test.wantAvailable == 0 {
				return
			}
			ext, _ := answer["extensions"].(map[string]any)
			cost, _ := ext["cost"].(map[string]any)
			throttle, _ := cost["throttleStatus"].(map[string]any)
			if got := throttle["currentlyAvailable"]; got != test.wantAvailable {
				t.Errorf("currently available %v, want %v: %v", got, test.wantAvailable, cost)
			}
		})
	}
}

func TestStandInServesTheBulkFileOfTheCurrentOperation(t *testing.T) {
	s := New(demo.Catalog(), "shpat_dev", time.Now)
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	if resp, err := http.Get(srv.URL + BulkPath + "1.jsonl"); err != nil || resp.StatusCode != 404 {
		t.Fatalf("a bulk file before any bulk query: %v %v, want 404", resp, err)
	}
	if status, _ := post(t, s, "shpat_dev", shopify.RunBulkQueryOp.Name); status != 200 {
		t.Fatalf("RunBulkQuery: %d", status)
	}
	resp, err := http.Get(srv.URL + BulkPath + "1.jsonl")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the bulk file: %v %v", resp, err)
	}
	defer resp.Body.Close()
	var lines, withParent int
	dec := json.NewDecoder(resp.Body)
	for dec.More() {
		var line map[string]any
		if err := dec.Decode(&line); err != nil {
			t.Fatal(err)
		}
		lines++
		if _, ok := line["__parentId"]; ok {
			withParent++
		}
	}
	products := len(demo.Catalog().Products)
	if lines-withParent != products {
		t.Errorf("%d lines without a parent, want the %d products", lines-withParent, products)
	}
}
