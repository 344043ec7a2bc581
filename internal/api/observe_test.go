package api_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"knitfront/internal/api"
)

// recordedRequests records what the server reports of each request.
type recordedRequests struct {
	mu   sync.Mutex
	seen []string
}

func (o *recordedRequests) ObserveRequest(route, method string, status int, took time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if took <= 0 {
		route += " (no duration)"
	}
	o.seen = append(o.seen, route+" | "+method+" | "+http.StatusText(status))
}

func TestRequestsAreReportedByRoutePattern(t *testing.T) {
	observed := &recordedRequests{}
	s := newTestServer(t, func(c *api.Config) { c.Requests = observed })
	for _, test := range []struct {
		method, target string
		want           string
	}{
		{"GET", "/api/automatic-discount/LT/" + hatVariant, "GET /api/automatic-discount/{market}/{variantId} | GET | OK"},
		{"GET", "/api/automatic-discount/LT/" + unknownVariant, "GET /api/automatic-discount/{market}/{variantId} | GET | Not Found"},
		{"GET", "/api/no-such-thing", "/api/ | GET | Not Found"},
		{"DELETE", "/api/knitters", "/api/ | DELETE | Method Not Allowed"},
		{"GET", "/healthz", "GET /healthz | GET | OK"},
		{"GET", "/api/long?q=" + strings.Repeat("x", 9000), "unmatched | GET | Request URI Too Long"},
	} {
		t.Run(test.method+" "+test.target[:min(len(test.target), 40)], func(t *testing.T) {
			observed.mu.Lock()
			observed.seen = nil
			observed.mu.Unlock()
			s.do(t, httptest.NewRequest(test.method, test.target, nil))
			observed.mu.Lock()
			defer observed.mu.Unlock()
			if !slices.Equal(observed.seen, []string{test.want}) {
				t.Errorf("reported %q, want %q", observed.seen, test.want)
			}
		})
	}
}
