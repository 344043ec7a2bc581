package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestJSONAnswersForbidSniffing(t *testing.T) {
	s := newReviewServer(t, generous, false)
	for _, test := range []struct {
		name string
		req  *http.Request
		head []string
	}{
		{"a read", httptest.NewRequest(http.MethodGet, "/api/knitters", nil), nil},
		{"an error", httptest.NewRequest(http.MethodGet, "/api/knitters/99/reviews", nil), nil},
		{"a created review", httptest.NewRequest(http.MethodPost, "/api/knitters/1/reviews", strings.NewReader(review("Warm.", "Ona"))),
			[]string{"Content-Type: application/json", "Origin: " + shopOrigin}},
		{"a health check", httptest.NewRequest(http.MethodGet, "/healthz", nil), nil},
	} {
		t.Run(test.name, func(t *testing.T) {
			resp := s.do(t, test.req, test.head...)
			if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
				t.Errorf("%d: X-Content-Type-Options %q, Content-Type %q", resp.StatusCode, got, resp.Header.Get("Content-Type"))
			}
		})
	}
}
