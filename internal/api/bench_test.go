package api_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"knitfront/internal/api"
	"knitfront/internal/metrics"
)

// BenchmarkCachedDiscount measures the server's own work for a cached
// lookup, without the network: the part of the API budget this code owns,
// metrics included, as in production.
func BenchmarkCachedDiscount(b *testing.B) {
	t := &testing.T{}
	s := newTestServer(t, func(c *api.Config) { c.Requests = metrics.New() })
	req := httptest.NewRequest(http.MethodGet, "/api/automatic-discount/LT/"+hatVariant, nil)
	s.server.ServeHTTP(httptest.NewRecorder(), req)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		s.server.ServeHTTP(rec, req)
	}
}
