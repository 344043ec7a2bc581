package shopify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"knitfront/internal/testclock"
)

// reply is one scripted answer of the test server.
type reply struct {
	status     int
	retryAfter string
	body       string
}

const okBody = `{"data":{"ok":true},"extensions":{"cost":{"requestedQueryCost":1,"actualQueryCost":1,"throttleStatus":{"maximumAvailable":1000,"currentlyAvailable":999,"restoreRate":100}}}}`

func scripted(t *testing.T, replies []reply) (*httptest.Server, *int) {
	t.Helper()
	var mu sync.Mutex
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		i := min(calls, len(replies)-1)
		calls++
		mu.Unlock()
		if r.URL.Path != GraphQLPath || r.Header.Get("X-Shopify-Access-Token") != "shpat_test" {
			t.Errorf("request to %s with token %q", r.URL.Path, r.Header.Get("X-Shopify-Access-Token"))
		}
		_, _ = io.Copy(io.Discard, r.Body)
		rep := replies[i]
		if rep.retryAfter != "" {
			w.Header().Set("Retry-After", rep.retryAfter)
		}
		w.WriteHeader(rep.status)
		_, _ = w.Write([]byte(rep.body))
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func throttledBody(requested, available, restore int) string {
	return fmt.Sprintf(`{"errors":[{"message":"Throttled","extensions":{"code":"THROTTLED"}}],"extensions":{"cost":{"requestedQueryCost":%d,"actualQueryCost":null,"throttleStatus":{"maximumAvailable":1000,"currentlyAvailable":%d,"restoreRate":%d}}}}`, requested, available, restore)
}

func TestClientRetries(t *testing.T) {
	for _, test := range []struct {
		name      string
		replies   []reply
		wantWaits []time.Duration
		wantCalls int
		wantErr   string
		wantAuth  bool
	}{
		{
			name:      "ok at once",
			replies:   []reply{{200, "", okBody}},
			wantCalls: 1,
		},
		{
			name:      "429 honours Retry-After",
			replies:   []reply{{429, "2", ""}, {200, "", okBody}},
			wantWaits: []time.Duration{2 * time.Second},
			wantCalls: 2,
		},
		{
			name:      "5xx backs off exponentially",
			replies:   []reply{{502, "", ""}, {503, "", ""}, {200, "", okBody}},
			wantWaits: []time.Duration{500 * time.Millisecond, time.Second},
			wantCalls: 3,
		},
		{
			name:      "THROTTLED waits for the restore rate",
			replies:   []reply{{200, "", throttledBody(560, 60, 100)}, {200, "", okBody}},
			wantWaits: []time.Duration{5 * time.Second},
			wantCalls: 2,
		},
		{
			name:      "gives up after a bounded number of tries",
			replies:   []reply{{500, "", ""}},
			wantWaits: []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second},
			wantCalls: maxAttempts,
			wantErr:   "gave up after 6 tries: HTTP 500",
		},
		{
			name:      "401 is a refused token, not retried",
			replies:   []reply{{401, "", `{"errors":"[API] Invalid API key or access token"}`}},
			wantCalls: 1,
			wantAuth:  true,
		},
		{
			name:      "ACCESS_DENIED is a refused token",
			replies:   []reply{{200, "", `{"errors":[{"message":"Access denied for discountNodes field.","extensions":{"code":"ACCESS_DENIED"}}]}`}},
			wantCalls: 1,
			wantAuth:  true,
		},
		{
			name:      "other GraphQL errors fail the operation",
			replies:   []reply{{200, "", `{"errors":[{"message":"Field 'nope' doesn't exist on type 'QueryRoot'"}]}`}},
			wantCalls: 1,
			wantErr:   "doesn't exist",
		},
	} {
		t.Run(test.name, func(t *testing.T) {
			srv, calls := scripted(t, test.replies)
			clock := testclock.New(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
			c, err := NewClient(srv.URL, StaticToken("shpat_test"), WithClock(clock.Now, clock.Sleep), WithoutJitter())
			if err != nil {
				t.Fatal(err)
			}
			var out struct{ OK bool }
			err = c.Do(context.Background(), AccessScopesOp, nil, &out)
			var auth *AuthError
			switch {
			case test.wantAuth:
				if !errors.As(err, &auth) {
					t.Fatalf("err = %v, want an *AuthError", err)
				}
			case test.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), test.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, test.wantErr)
				}
			case err != nil || !out.OK:
				t.Fatalf("err = %v, out = %+v", err, out)
			}
			if *calls != test.wantCalls {
				t.Errorf("%d calls, want %d", *calls, test.wantCalls)
			}
			if !slices.Equal(clock.Sleeps(), test.wantWaits) {
				t.Errorf("waits %v, want %v", clock.Sleeps(), test.wantWaits)
			}
		})
	}
}

func TestClientWaitsForTheBucketBeforeAnExpensiveQuery(t *testing.T) {
	low := `{"data":{},"extensions":{"cost":{"requestedQueryCost":1,"actualQueryCost":1,"throttleStatus":{"maximumAvailable":1000,"currentlyAvailable":60,"restoreRate":100}}}}`
	srv, calls := scripted(t, []reply{{200, "", low}, {200, "", okBody}})
	clock := testclock.New(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	c, err := NewClient(srv.URL, StaticToken("shpat_test"), WithClock(clock.Now, clock.Sleep), WithoutJitter())
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Do(context.Background(), AccessScopesOp, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Do(context.Background(), SellingPlanGroupsOp, nil, nil); err != nil {
		t.Fatal(err)
	}
	if want := []time.Duration{5 * time.Second}; !slices.Equal(clock.Sleeps(), want) {
		t.Errorf("waits %v, want %v: (560 - 60) points at 100 a second", clock.Sleeps(), want)
	}
	if *calls != 2 {
		t.Errorf("%d calls, want 2: waiting beforehand avoids the throttled answer", *calls)
	}
}

func TestClientStopsOnCancel(t *testing.T) {
	srv, calls := scripted(t, []reply{{503, "", ""}})
	ctx, cancel := context.WithCancel(context.Background())
	clock := testclock.New(time.Time{})
	wait := func(ctx context.Context, d time.Duration) error {
		cancel()
		return clock.Sleep(ctx, d)
	}
	c, err := NewClient(srv.URL, StaticToken("shpat_test"), WithClock(clock.Now, wait), WithoutJitter())
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Do(ctx, AccessScopesOp, nil, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if *calls != 1 {
		t.Errorf("%d calls after cancel, want 1", *calls)
	}
}

func TestShopURL(t *testing.T) {
	for _, test := range []struct {
		shop, want string
	}{
		{"knit-shop.myshopify.com", "https://knit-shop.myshopify.com"},
		{" knit-shop.myshopify.com/ ", "https://knit-shop.myshopify.com"},
		{"http://127.0.0.1:8081", "http://127.0.0.1:8081"},
		{"https://knit-shop.myshopify.com", "https://knit-shop.myshopify.com"},
		{"knit-shop.example", ""},
		{"ftp://127.0.0.1", ""},
		{"http://127.0.0.1/admin", ""},
		{"", ""},
	} {
		u, err := ShopURL(test.shop)
		got := ""
		if err == nil {
			got = u.String()
		}
		if got != test.want {
			t.Errorf("ShopURL(%q) = %q, %v; want %q", test.shop, got, err, test.want)
		}
	}
}

func TestNewClientWithoutToken(t *testing.T) {
	_, err := NewClient("knit-shop.myshopify.com", StaticToken(""))
	var auth *AuthError
	if !errors.As(err, &auth) {
		t.Fatalf("err = %v, want an *AuthError", err)
	}
}
