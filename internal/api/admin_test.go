package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"knitfront/internal/api"
)

var bearer = "Authorization: Bearer " + adminToken

func TestAdminEndpointsAreOffWithoutAToken(t *testing.T) {
	s := newReviewServer(t, generous, false, func(cfg *api.Config) { cfg.AdminToken = "" })
	for _, req := range []*http.Request{
		httptest.NewRequest(http.MethodGet, "/api/admin/reviews", nil),
		httptest.NewRequest(http.MethodPost, "/api/admin/reviews/1/hide", nil),
		httptest.NewRequest(http.MethodPost, "/api/admin/reviews/1/publish", nil),
		httptest.NewRequest(http.MethodDelete, "/api/admin/reviews/1", nil),
	} {
		for _, auth := range []string{"Authorization: ", "Authorization: Bearer ", bearer} {
			resp := s.do(t, req.Clone(req.Context()), auth)
			if code := errorCode(t, resp); resp.StatusCode != http.StatusNotFound || code != "admin_disabled" {
				t.Errorf("%s %s with %q = %d %s; want 404 admin_disabled", req.Method, req.URL, auth, resp.StatusCode, code)
			}
		}
	}
}

func TestAdminEndpointsRefuseAWrongToken(t *testing.T) {
	s := newReviewServer(t, generous, false)
	for _, auth := range []string{
		"Authorization: ",
		"Authorization: Bearer",
		"Authorization: Bearer ",
		"Authorization: Bearer wrong",
		"Authorization: Bearer " + adminToken + "x",
		"Authorization: Bearer " + adminToken[:len(adminToken)-1],
		"Authorization: Basic " + adminToken,
		"Authorization: " + adminToken,
	} {
		for _, req := range []*http.Request{
			httptest.NewRequest(http.MethodGet, "/api/admin/reviews", nil),
			httptest.NewRequest(http.MethodDelete, "/api/admin/reviews/1", nil),
		} {
			req.RemoteAddr = "198.51.100." + fmt.Sprint(len(auth)) + ":4000" // within each client's allowance of wrong tokens
			resp := s.do(t, req, auth)
			if code := errorCode(t, resp); resp.StatusCode != http.StatusUnauthorized || code != "unauthorized" ||
				!strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer ") {
				t.Errorf("%s %s with %q = %d %s, WWW-Authenticate %q; want 401", req.Method, req.URL, auth, resp.StatusCode, code, resp.Header.Get("WWW-Authenticate"))
			}
		}
	}
	if resp := s.get(t, "/api/admin/reviews", "Authorization: bearer "+adminToken); resp.StatusCode != http.StatusOK {
		t.Errorf("the scheme's name is case-insensitive, yet %d", resp.StatusCode)
	}
}

// TestWrongAdminTokensAreThrottledPerClient sends a client's allowance of
// wrong tokens: its next wrong one is refused 429, but the right one from
// its address (the owner's, shared) still gets in.
func TestWrongAdminTokensAreThrottledPerClient(t *testing.T) {
	s := newReviewServer(t, generous, false)
	adminFrom := func(remoteAddr, auth string) *http.Response {
		req := httptest.NewRequest(http.MethodGet, "/api/admin/reviews", nil)
		req.RemoteAddr = remoteAddr
		return s.do(t, req, auth)
	}
	const guesser = "203.0.113.9:4000"
	for i := range api.AdminFailureRate.Posts {
		if resp := adminFrom(guesser, fmt.Sprint("Authorization: Bearer guess-", i)); resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong token %d = %d, want 401", i+1, resp.StatusCode)
		}
	}
	for _, test := range []struct {
		name, remoteAddr, auth string
		want                   int
	}{
		{"one more wrong token", guesser, "Authorization: Bearer guess-x", http.StatusTooManyRequests},
		{"the right token from the guesser's address", guesser, bearer, http.StatusOK},
		{"the right token from another client", "198.51.100.7:4000", bearer, http.StatusOK},
	} {
		t.Run(test.name, func(t *testing.T) {
			resp := adminFrom(test.remoteAddr, test.auth)
			if resp.StatusCode != test.want {
				t.Errorf("= %d, want %d", resp.StatusCode, test.want)
			}
			if test.want == http.StatusTooManyRequests {
				if code := errorCode(t, resp); code != "too_many_attempts" || resp.Header.Get("Retry-After") == "" {
					t.Errorf("code %s, Retry-After %q", code, resp.Header.Get("Retry-After"))
				}
			}
		})
	}
}

// TestWrongAdminTokensFromManyAddressesAreBoundedTogether guesses from
// 2,000 addresses, 10 each, as the attack did: at most the global rate of
// them is looked at, and the owner, from an address it signed in from, still
// gets in, as does anyone with the right token once the minute has passed.
func TestWrongAdminTokensFromManyAddressesAreBoundedTogether(t *testing.T) {
	s := newReviewServer(t, generous, false)
	adminFrom := func(remoteAddr, auth string) int {
		req := httptest.NewRequest(http.MethodGet, "/api/admin/reviews", nil)
		req.RemoteAddr = remoteAddr
		return s.do(t, req, auth).StatusCode
	}
	const owner = "192.0.2.10:4000"
	if code := adminFrom(owner, bearer); code != http.StatusOK {
		t.Fatalf("the owner's sign-in = %d", code)
	}
	answered := map[int]int{}
	for a := range 2000 {
		for g := range 10 {
			answered[adminFrom(fmt.Sprintf("10.%d.%d.1:4000", a/250, a%250), fmt.Sprint("Authorization: Bearer guess-", a, "-", g))]++
		}
	}
	if answered[http.StatusUnauthorized] != api.AdminGlobalFailureRate.Posts || answered[http.StatusTooManyRequests] != 20_000-api.AdminGlobalFailureRate.Posts {
		t.Errorf("20,000 wrong tokens from 2,000 addresses answered %v; want %d looked at (401), the rest 429",
			answered, api.AdminGlobalFailureRate.Posts)
	}
	for _, test := range []struct {
		name, remoteAddr string
		want             int
	}{
		{"the owner, from where it signed in", owner, http.StatusOK},
		{"the owner from another address, during the guessing", "192.0.2.77:4000", http.StatusTooManyRequests},
	} {
		if code := adminFrom(test.remoteAddr, bearer); code != test.want {
			t.Errorf("%s = %d, want %d", test.name, code, test.want)
		}
	}
	s.clock.Advance(api.AdminGlobalFailureRate.Per)
	if code := adminFrom("192.0.2.77:4000", bearer); code != http.StatusOK {
		t.Errorf("the right token from another address a minute later = %d, want 200", code)
	}
}

func TestWrongAdminTokensSentAtOnceCountAsTheyArrive(t *testing.T) {
	s := newReviewServer(t, generous, false)
	const guesses = 200
	codes := make(chan int, guesses)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range guesses {
		wg.Go(func() {
			req := httptest.NewRequest(http.MethodGet, "/api/admin/reviews", nil)
			req.RemoteAddr = "203.0.113.9:4000"
			req.Header.Set("Authorization", fmt.Sprint("Bearer guess-", i))
			rec := httptest.NewRecorder()
			<-start
			s.server.ServeHTTP(rec, req)
			codes <- rec.Code
		})
	}
	close(start)
	wg.Wait()
	close(codes)
	counted := map[int]int{}
	for code := range codes {
		counted[code]++
	}
	want := map[int]int{http.StatusUnauthorized: api.AdminFailureRate.Posts, http.StatusTooManyRequests: guesses - api.AdminFailureRate.Posts}
	if counted[http.StatusUnauthorized] != want[http.StatusUnauthorized] || counted[http.StatusTooManyRequests] != want[http.StatusTooManyRequests] {
		t.Errorf("%d wrong tokens at once answered %v, want %v", guesses, counted, want)
	}
}

func TestTheRightAdminTokenIsNeverCountedAgainstItsClient(t *testing.T) {
	s := newReviewServer(t, generous, false)
	for i := range 3 * api.AdminFailureRate.Posts {
		req := httptest.NewRequest(http.MethodGet, "/api/admin/reviews", nil)
		req.RemoteAddr = "198.51.100.7:4000"
		if resp := s.do(t, req, bearer); resp.StatusCode != http.StatusOK {
			t.Fatalf("admin call %d with the right token = %d, want 200", i+1, resp.StatusCode)
		}
	}
}

func TestModerateReviewsThroughTheAPI(t *testing.T) {
	s := newReviewServer(t, generous, false)
	var ids []int64
	for i, knitter := range []string{"1", "1", "2"} {
		ids = append(ids, decode[reviewJSON](t, s.post(t, knitter, review(fmt.Sprint("Review ", i), "Ona"))).ID)
		s.clock.Advance(time.Second)
	}
	admin := func(method, url string) *http.Response {
		return s.do(t, httptest.NewRequest(method, url, nil), bearer)
	}

	resp := admin(http.MethodGet, "/api/admin/reviews")
	all := decode[reviewPage](t, resp)
	if resp.StatusCode != 200 || len(all.Reviews) != 3 || all.Reviews[0].ID != ids[2] || resp.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("admin list = %d %+v", resp.StatusCode, all)
	}
	if r := all.Reviews[0]; r.Status != "published" || len(r.ClientHash) != 64 {
		t.Errorf("the admin list shows %+v; want status and client hash", r)
	}

	hidden := admin(http.MethodPost, fmt.Sprintf("/api/admin/reviews/%d/hide", ids[0]))
	if r := decode[reviewJSON](t, hidden); hidden.StatusCode != 200 || r.Status != "hidden" || r.ID != ids[0] {
		t.Errorf("hide = %d %+v", hidden.StatusCode, r)
	}
	if page := decode[reviewPage](t, s.get(t, "/api/knitters/1/reviews")); len(page.Reviews) != 1 || page.Reviews[0].ID != ids[1] {
		t.Errorf("after hiding, knitter 1 lists %+v", page.Reviews)
	}
	for _, test := range []struct {
		query string
		want  []int64
	}{
		{"?status=hidden", []int64{ids[0]}},
		{"?status=published", []int64{ids[2], ids[1]}},
		{"?status=pending", nil},
		{"?knitter_id=1", []int64{ids[1], ids[0]}},
		{"?knitter_id=1&status=published", []int64{ids[1]}},
		{"?limit=1", []int64{ids[2]}},
	} {
		page := decode[reviewPage](t, admin(http.MethodGet, "/api/admin/reviews"+test.query))
		var got []int64
		for _, r := range page.Reviews {
			got = append(got, r.ID)
		}
		if fmt.Sprint(got) != fmt.Sprint(test.want) {
			t.Errorf("admin list %s = %v, want %v", test.query, got, test.want)
		}
	}

	if resp := admin(http.MethodPost, fmt.Sprintf("/api/admin/reviews/%d/publish", ids[0])); decode[reviewJSON](t, resp).Status != "published" {
		t.Errorf("publish = %d", resp.StatusCode)
	}
	if resp := admin(http.MethodDelete, fmt.Sprintf("/api/admin/reviews/%d", ids[0])); resp.StatusCode != http.StatusNoContent || body(t, resp) != "" {
		t.Errorf("delete = %d", resp.StatusCode)
	}
	if n := s.stored(t); n != 2 {
		t.Errorf("%d reviews left, want 2", n)
	}

	for _, test := range []struct {
		method, url string
		status      int
		code        string
	}{
		{http.MethodDelete, fmt.Sprintf("/api/admin/reviews/%d", ids[0]), 404, "unknown_review"},
		{http.MethodPost, fmt.Sprintf("/api/admin/reviews/%d/hide", ids[0]), 404, "unknown_review"},
		{http.MethodPost, "/api/admin/reviews/abc/publish", 400, "invalid_id"},
		{http.MethodGet, "/api/admin/reviews?status=deleted", 400, "invalid_status"},
		{http.MethodGet, "/api/admin/reviews?knitter_id=-1", 400, "invalid_id"},
		{http.MethodGet, "/api/admin/reviews?limit=500", 400, "invalid_limit"},
	} {
		resp := admin(test.method, test.url)
		if code := errorCode(t, resp); resp.StatusCode != test.status || code != test.code {
			t.Errorf("%s %s = %d %s, want %d %s", test.method, test.url, resp.StatusCode, code, test.status, test.code)
		}
	}
}
