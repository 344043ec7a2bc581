package api_test

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"knitfront/internal/api"
)

func TestHealth(t *testing.T) {
	s := newTestServer(t)
	if resp := s.get(t, "/healthz"); resp.StatusCode != http.StatusOK {
		t.Errorf("healthz = %d", resp.StatusCode)
	}
	resp := s.get(t, "/readyz")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("X-Request-Id") == "" {
		t.Errorf("readyz = %d, request id %q", resp.StatusCode, resp.Header.Get("X-Request-Id"))
	}
	s.db.Close()
	resp = s.get(t, "/readyz")
	if got := body(t, resp); resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(got, "database_unavailable") {
		t.Errorf("readyz with the database down = %d %s", resp.StatusCode, got)
	}
	if resp := s.get(t, "/healthz"); resp.StatusCode != http.StatusOK {
		t.Errorf("healthz with the database down = %d; liveness must not depend on it", resp.StatusCode)
	}
}

func TestRequestIDIsTakenOnlyFromTrustedProxies(t *testing.T) {
	s := newTestServer(t, func(cfg *api.Config) {
		cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	})
	for _, test := range []struct {
		name, remoteAddr, id string
		kept                 bool
	}{
		{"a trusted proxy's sane id", "10.0.0.1:4000", "lb-1234", true},
		{"a trusted proxy's unsafe id", "10.0.0.1:4000", "<script>", false},
		{"a client's own id", "203.0.113.7:4000", "lb-1234", false},
	} {
		t.Run(test.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
			req.RemoteAddr = test.remoteAddr
			got := s.do(t, req, "X-Request-Id: "+test.id).Header.Get("X-Request-Id")
			if got == "" || (got == test.id) != test.kept {
				t.Errorf("sent %q, answered %q; want it kept: %v", test.id, got, test.kept)
			}
		})
	}
}
