package api_test

import (
	"net/http"
	"strings"
	"testing"
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

func TestRequestID(t *testing.T) {
	s := newTestServer(t)
	if got := s.get(t, "/healthz", "X-Request-Id: lb-1234").Header.Get("X-Request-Id"); got != "lb-1234" {
		t.Errorf("a proxy's sane request id was replaced by %q", got)
	}
	if got := s.get(t, "/healthz", "X-Request-Id: <script>").Header.Get("X-Request-Id"); got == "<script>" || got == "" {
		t.Errorf("an unsafe request id was kept or badly replaced: %q", got)
	}
}
