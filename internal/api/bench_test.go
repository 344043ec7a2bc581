package api_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"knitfront/internal/api"
	"knitfront/internal/metrics"
)

// BenchmarkCachedDiscount measures the server's own work for a cached
// lookup of a variant's and of a product's discount, without the network:
// the part of the API budget this code owns, metrics included, as in
// production.
func BenchmarkCachedDiscount(b *testing.B) {
	t := &testing.T{}
	s := newTestServer(t, func(c *api.Config) { c.Requests = metrics.New() })
	for _, bench := range []struct{ name, url string }{
		{"variant", "/api/automatic-discount/LT/" + hatVariant},
		{"product", "/api/automatic-discount/product/LT/" + hatProduct},
	} {
		b.Run(bench.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, bench.url, nil)
			s.server.ServeHTTP(httptest.NewRecorder(), req)
			b.ReportAllocs()
			for b.Loop() {
				s.server.ServeHTTP(&discardResponse{header: http.Header{}}, req)
			}
		})
	}
}

// discardResponse takes an answer as net/http's own writer does, a fresh
// header map per request, without httptest's recorder, whose copy of the
// headers would weigh more than the handler measured.
type discardResponse struct{ header http.Header }

func (w *discardResponse) Header() http.Header         { return w.header }
func (w *discardResponse) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardResponse) WriteHeader(int)             {}
