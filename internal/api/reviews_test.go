package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"knitfront/internal/api"
	"knitfront/internal/catalog"
	"knitfront/internal/reviews"
	"knitfront/internal/store"
	"knitfront/internal/testclock"
)

const (
	shopOrigin = "https://shop.example"
	adminToken = "correct-horse-battery-staple"
)

var testKnitters = []catalog.Knitter{
	{ID: 2, Name: "Agnė", Description: "Socks.", Photo: "/p/2.svg", Avatar: "/a/2.svg", Position: 1},
	{ID: 1, Name: "Rūta", Description: "Cables.", Photo: "/p/1.svg", Avatar: "/a/1.svg", Position: 0},
}

// reviewServer is the test server with knitters, a review service on a fake
// clock, shopOrigin allowed to post and the admin endpoints on.
type reviewServer struct {
	*testServer
	clock *testclock.Clock
}

// generous is a rate limit no test meets unless it means to.
var generous = reviews.Rate{Posts: 1000, Per: time.Minute}

func newReviewServer(t *testing.T, rate reviews.Rate, requireApproval bool, configure ...func(*api.Config)) *reviewServer {
	t.Helper()
	c := testclock.New(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC))
	setup := func(cfg *api.Config) {
		cfg.Reviews = reviews.NewService(cfg.DB.(*store.DB), reviews.Options{
			Limiter: reviews.NewWindowLimiter(rate, c.Now), RequireApproval: requireApproval, Now: c.Now,
		})
		cfg.AllowedOrigins = []string{shopOrigin}
		cfg.AdminToken = adminToken
		cfg.Now = c.Now
	}
	s := newTestServer(t, append([]func(*api.Config){setup}, configure...)...)
	if _, err := s.db.Import(context.Background(), catalog.Document{Knitters: testKnitters}); err != nil {
		t.Fatal(err)
	}
	return &reviewServer{testServer: s, clock: c}
}

// post sends a review as the shop's page would; headers override.
func (s *reviewServer) post(t *testing.T, knitter, payload string, headers ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/knitters/"+knitter+"/reviews", strings.NewReader(payload))
	return s.do(t, req, append([]string{"Content-Type: application/json", "Origin: " + shopOrigin}, headers...)...)
}

func review(body, name string) string {
	b, _ := json.Marshal(map[string]string{"body": body, "created_by": name})
	return string(b)
}

type reviewJSON struct {
	ID         int64     `json:"id"`
	KnitterID  int64     `json:"knitter_id"`
	Body       string    `json:"body"`
	CreatedBy  string    `json:"created_by"`
	CreatedAt  time.Time `json:"created_at"`
	Status     string    `json:"status"`
	ClientHash string    `json:"client_hash"`
}

type reviewPage struct {
	Reviews    []reviewJSON `json:"reviews"`
	NextCursor *string      `json:"next_cursor"`
}

func decode[T any](t *testing.T, resp *http.Response) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body(t, resp)), &v); err != nil {
		t.Fatalf("decoding the answer: %v", err)
	}
	return v
}

// stored counts the reviews in the database, whatever their status.
func (s *reviewServer) stored(t *testing.T) int {
	t.Helper()
	all, err := s.db.Reviews(context.Background(), reviews.Filter{}, nil, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	return len(all)
}

func errorCode(t *testing.T, resp *http.Response) string {
	t.Helper()
	var e struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	raw := body(t, resp)
	if err := json.Unmarshal([]byte(raw), &e); err != nil || e.Error.Message == "" {
		t.Errorf("not a JSON error with a message: %s", raw)
	}
	return e.Error.Code
}

func TestKnittersAnswer(t *testing.T) {
	s := newReviewServer(t, generous, false)
	resp := s.get(t, "/api/knitters")
	want := `{"knitters":[{"id":1,"name":"Rūta","description":"Cables.","photo":"/p/1.svg","avatar":"/a/1.svg"},` +
		`{"id":2,"name":"Agnė","description":"Socks.","photo":"/p/2.svg","avatar":"/a/2.svg"}]}`
	if got := strings.TrimSpace(body(t, resp)); resp.StatusCode != 200 || got != want {
		t.Errorf("GET /api/knitters = %d %s\nwant 200 %s", resp.StatusCode, got, want)
	}
	if resp.Header.Get("Access-Control-Allow-Origin") != "*" || resp.Header.Get("Cache-Control") != "public, max-age=60" {
		t.Errorf("headers %v: want public reads, cached a minute", resp.Header)
	}
}

func TestPostedReviewIsListedNewestFirst(t *testing.T) {
	s := newReviewServer(t, generous, false)
	var posted []reviewJSON
	for i := range 5 {
		resp := s.post(t, "1", review(fmt.Sprintf("Lovely cables, number %d.", i), "Ona"))
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("post %d = %d %s", i, resp.StatusCode, body(t, resp))
		}
		if resp.Header.Get("Access-Control-Allow-Origin") != shopOrigin || !strings.Contains(resp.Header.Get("Vary"), "Origin") {
			t.Errorf("a post from the shop must be readable there: headers %v", resp.Header)
		}
		posted = append(posted, decode[reviewJSON](t, resp))
		s.clock.Advance(1500 * time.Millisecond)
	}
	first := posted[0]
	if first.KnitterID != 1 || first.Body != "Lovely cables, number 0." || first.CreatedBy != "Ona" || first.Status != "published" ||
		!first.CreatedAt.Equal(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)) || first.ClientHash != "" {
		t.Errorf("201 answered %+v", first)
	}

	var listed []reviewJSON
	url := "/api/knitters/1/reviews?limit=2"
	for pages := 0; ; pages++ {
		resp := s.get(t, url)
		if resp.StatusCode != 200 || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
			t.Fatalf("GET %s = %d %v", url, resp.StatusCode, resp.Header)
		}
		page := decode[reviewPage](t, resp)
		listed = append(listed, page.Reviews...)
		if page.NextCursor == nil || pages > 5 {
			break
		}
		url = "/api/knitters/1/reviews?limit=2&cursor=" + *page.NextCursor
	}
	if len(listed) != 5 {
		t.Fatalf("listed %d reviews, want 5", len(listed))
	}
	for i, r := range listed {
		want := posted[4-i]
		want.Status = ""
		if r != want {
			t.Errorf("listed[%d] = %+v, want %+v", i, r, want)
		}
	}
	if raw := body(t, s.get(t, "/api/knitters/1/reviews")); !strings.Contains(raw, `"created_at":"2025-06-01T12:00:06Z"`) {
		t.Errorf("created_at is not RFC 3339 in UTC: %s", raw)
	}
	if page := decode[reviewPage](t, s.get(t, "/api/knitters/2/reviews")); len(page.Reviews) != 0 || page.NextCursor != nil {
		t.Errorf("knitter 2's reviews = %+v, want none", page)
	}
}

func TestMarkupAndSQLAreStoredAndReturnedAsText(t *testing.T) {
	s := newReviewServer(t, generous, false)
	texts := []string{
		`<script>alert(document.cookie)</script>`,
		`<img src=x onerror="alert(1)"> & &amp; &lt;`,
		`'); DROP TABLE knitter_reviews; --`,
		`" OR 1=1 --`,
		"Line one\nLine two ☃ 🧶",
	}
	for _, text := range texts {
		if resp := s.post(t, "1", review(text, "Ona")); resp.StatusCode != http.StatusCreated {
			t.Fatalf("posting %q = %d %s", text, resp.StatusCode, body(t, resp))
		}
		s.clock.Advance(time.Second)
	}
	raw := body(t, s.get(t, "/api/knitters/1/reviews"))
	if !strings.Contains(raw, `"body":"<script>alert(document.cookie)</script>"`) {
		t.Errorf("markup is not returned as the same text (no HTML escaping): %s", raw)
	}
	var page reviewPage
	if err := json.Unmarshal([]byte(raw), &page); err != nil {
		t.Fatal(err)
	}
	for i, text := range texts {
		if got := page.Reviews[len(texts)-1-i]; got.Body != text {
			t.Errorf("stored %q, listed %q", text, got.Body)
		}
	}
	if n, err := s.db.KnitterExists(context.Background(), 1); err != nil || !n || s.stored(t) != len(texts) {
		t.Errorf("the tables did not survive the payloads: knitter %v %v, reviews %d", n, err, s.stored(t))
	}
}

func TestBadReviewPostsAreRefusedAndStoreNothing(t *testing.T) {
	s := newReviewServer(t, generous, false)
	huge := `{"body":"` + strings.Repeat("a", 10<<20) + `","created_by":"Ona"}`
	for _, test := range []struct {
		name, knitter, payload string
		headers                []string
		unknownLength          bool
		status                 int
		code                   string
	}{
		{name: "empty request body", payload: ``, status: 400, code: "invalid_json"},
		{name: "whitespace-only request body", payload: " \n ", status: 400, code: "invalid_json"},
		{name: "empty object", payload: `{}`, status: 400, code: "missing_field"},
		{name: "empty review", payload: review("", "Ona"), status: 400, code: "empty_field"},
		{name: "whitespace-only review", payload: review(" \n\r\n\t ", "Ona"), status: 400, code: "empty_field"},
		{name: "whitespace-only name", payload: review("Warm.", "\u00a0 \u2003"), status: 400, code: "empty_field"},
		{name: "review of 2001 characters", payload: review(strings.Repeat("ž", 2001), "Ona"), status: 400, code: "too_long"},
		{name: "name of 81 characters", payload: review("Warm.", strings.Repeat("o", 81)), status: 400, code: "too_long"},
		{name: "NUL in the review", payload: review("Warm\x00.", "Ona"), status: 400, code: "control_character"},
		{name: "terminal escape in the review", payload: review("\x1b[2JWarm.", "Ona"), status: 400, code: "control_character"},
		{name: "newline in the name", payload: review("Warm.", "Ona\nShop owner"), status: 400, code: "control_character"},
		{name: "right-to-left override in the name", payload: review("Warm.", "Ona\u202e"), status: 400, code: "control_character"},
		{name: "invalid JSON", payload: `{"body": Warm}`, status: 400, code: "invalid_json"},
		{name: "truncated JSON", payload: `{"body":"Warm.","created_by":"On`, status: 400, code: "invalid_json"},
		{name: "JSON array", payload: `[` + review("Warm.", "Ona") + `]`, status: 400, code: "invalid_json"},
		{name: "two JSON objects", payload: review("Warm.", "Ona") + review("Cold.", "Ona"), status: 400, code: "invalid_json"},
		{name: "invalid UTF-8", payload: "{\"body\":\"Warm \xc3\x28\",\"created_by\":\"Ona\"}", status: 400, code: "invalid_encoding"},
		{name: "review missing", payload: `{"created_by":"Ona"}`, status: 400, code: "missing_field"},
		{name: "name missing", payload: `{"body":"Warm."}`, status: 400, code: "missing_field"},
		{name: "extra field", payload: `{"body":"Warm.","created_by":"Ona","rating":5}`, status: 400, code: "unknown_field"},
		{name: "a column set by the server", payload: `{"body":"Warm.","created_by":"Ona","status":"published","id":1}`, status: 400, code: "unknown_field"},
		{name: "a field twice", payload: `{"body":"Warm.","created_by":"Ona","created_by":"Admin"}`, status: 400, code: "duplicate_field"},
		{name: "number as the review", payload: `{"body":5,"created_by":"Ona"}`, status: 400, code: "invalid_type"},
		{name: "array as the name", payload: `{"body":"Warm.","created_by":["Ona"]}`, status: 400, code: "invalid_type"},
		{name: "a zero-width space for a name", payload: review("Warm.", "\u200b"), status: 400, code: "empty_field"},
		{name: "a review of one zero-width space", payload: review("\u200b", "Ona"), status: 400, code: "empty_field"},
		{name: "a Hangul filler for a name", payload: review("Warm.", "\u3164"), status: 400, code: "empty_field"},
		{name: "a review of Khmer inherent vowels", payload: review("\u17b4\u17b5", "Ona"), status: 400, code: "empty_field"},
		{name: "reserved invisible characters for a name", payload: review("Warm.", "\u2065\ufff0\U000E0080\U000E01F0"), status: 400, code: "empty_field"},
		{name: "a line separator in the name", payload: review("Warm.", "Ona\u2028Admin"), status: 400, code: "control_character"},
		{name: "2,000 marks on one letter", payload: review("a"+strings.Repeat("\u0301", 2000), "Ona"), status: 400, code: "too_many_marks"},
		{name: "a lone surrogate", payload: `{"body":"Warm \ud800","created_by":"Ona"}`, status: 400, code: "invalid_escape"},
		{name: "text/plain", payload: review("Warm.", "Ona"), headers: []string{"Content-Type: text/plain"}, status: 415, code: "unsupported_media_type"},
		{name: "a form", payload: "body=Warm&created_by=Ona", headers: []string{"Content-Type: application/x-www-form-urlencoded"}, status: 415, code: "unsupported_media_type"},
		{name: "no content type", payload: review("Warm.", "Ona"), headers: []string{"Content-Type: "}, status: 415, code: "unsupported_media_type"},
		{name: "JSON in another charset", payload: review("Warm.", "Ona"), headers: []string{"Content-Type: application/json; charset=iso-8859-1"}, status: 415, code: "unsupported_media_type"},
		{name: "10 MB body", payload: huge, status: 413, code: "body_too_large"},
		{name: "26 KiB body of unknown length", payload: review(strings.Repeat("a", 26<<10), "Ona"), unknownLength: true, status: 413, code: "body_too_large"},
		{name: "unknown knitter", knitter: "99", payload: review("Warm.", "Ona"), status: 404, code: "unknown_knitter"},
		{name: "knitter id not a number", knitter: "ruta", payload: review("Warm.", "Ona"), status: 400, code: "invalid_id"},
		{name: "knitter id with SQL", knitter: "1%20OR%201=1", payload: review("Warm.", "Ona"), status: 400, code: "invalid_id"},
		{name: "no Origin", payload: review("Warm.", "Ona"), headers: []string{"Origin: "}, status: 403, code: "origin_not_allowed"},
		{name: "another site's Origin", payload: review("Warm.", "Ona"), headers: []string{"Origin: https://evil.example"}, status: 403, code: "origin_not_allowed"},
		{name: "the shop over http", payload: review("Warm.", "Ona"), headers: []string{"Origin: http://shop.example"}, status: 403, code: "origin_not_allowed"},
		{name: "a look-alike subdomain", payload: review("Warm.", "Ona"), headers: []string{"Origin: https://shop.example.evil.example"}, status: 403, code: "origin_not_allowed"},
		{name: "a sandboxed page", payload: review("Warm.", "Ona"), headers: []string{"Origin: null"}, status: 403, code: "origin_not_allowed"},
	} {
		t.Run(test.name, func(t *testing.T) {
			knitter := test.knitter
			if knitter == "" {
				knitter = "1"
			}
			req := httptest.NewRequest(http.MethodPost, "/api/knitters/"+knitter+"/reviews", strings.NewReader(test.payload))
			if test.unknownLength {
				req.ContentLength = -1
			}
			resp := s.do(t, req, append([]string{"Content-Type: application/json", "Origin: " + shopOrigin}, test.headers...)...)
			if code := errorCode(t, resp); resp.StatusCode != test.status || code != test.code {
				t.Errorf("= %d %s, want %d %s", resp.StatusCode, code, test.status, test.code)
			}
			if n := s.stored(t); n != 0 {
				t.Errorf("%d reviews were stored", n)
			}
			if allowed := test.status != 403; allowed != (resp.Header.Get("Access-Control-Allow-Origin") == shopOrigin) {
				t.Errorf("Access-Control-Allow-Origin = %q: the shop's page must read its errors, no other page may",
					resp.Header.Get("Access-Control-Allow-Origin"))
			}
		})
	}
}

func TestAFilledHoneypotIsAnsweredAsTakenAndNotStored(t *testing.T) {
	s := newReviewServer(t, reviews.Rate{Posts: 1, Per: time.Minute}, false)
	resp := s.post(t, "1", `{"body":"Cheap pills","created_by":"Bot","website":"http://spam.example"}`)
	if got := decode[reviewJSON](t, resp); resp.StatusCode != http.StatusCreated || got.Body != "Cheap pills" || got.ID == 0 || got.Status != "published" {
		t.Errorf("a filled honeypot = %d %+v; want 201 as for a person", resp.StatusCode, got)
	}
	if n := s.stored(t); n != 0 {
		t.Errorf("%d reviews were stored", n)
	}
	if resp := s.post(t, "1", review("Warm.", "Ona")); resp.StatusCode != http.StatusCreated || s.stored(t) != 1 {
		t.Errorf("the same client's real review after it = %d: the honeypot's post was counted", resp.StatusCode)
	}
}

// escapedJSON writes a review with every character outside ASCII as a \u
// escape, as some JSON encoders do.
func escapedJSON(body, name string) string {
	escape := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			if r < 0x80 {
				b.WriteRune(r)
				continue
			}
			for _, unit := range utf16.Encode([]rune{r}) {
				fmt.Fprintf(&b, `\u%04x`, unit)
			}
		}
		return b.String()
	}
	return `{"body":"` + escape(body) + `","created_by":"` + escape(name) + `"}`
}

func TestTheLongestReviewFitsTheBodyLimitWhenEscaped(t *testing.T) {
	s := newReviewServer(t, generous, false)
	payload := escapedJSON(strings.Repeat("🧶", reviews.MaxBodyChars), strings.Repeat("🧶", reviews.MaxNameChars))
	if resp := s.post(t, "1", payload); resp.StatusCode != http.StatusCreated {
		t.Errorf("%d bytes of escaped JSON = %d %s, want 201", len(payload), resp.StatusCode, body(t, resp))
	}
}

func TestTheSameReviewTwiceIsStoredOnce(t *testing.T) {
	s := newReviewServer(t, generous, false)
	first := decode[reviewJSON](t, s.post(t, "1", review("Warm and soft.", "Ona")))
	s.clock.Advance(20 * time.Second)
	resp := s.post(t, "1", review("  Warm and soft.\n", "Ona "))
	if again := decode[reviewJSON](t, resp); resp.StatusCode != http.StatusCreated || again != first {
		t.Errorf("the same review again = %d %+v; want 201 with the first %+v", resp.StatusCode, again, first)
	}
	if n := s.stored(t); n != 1 {
		t.Errorf("stored %d reviews, want 1", n)
	}
	s.clock.Advance(41 * time.Second)
	if resp := s.post(t, "1", review("Warm and soft.", "Ona")); resp.StatusCode != http.StatusCreated || s.stored(t) != 2 {
		t.Errorf("the same review over a minute later = %d, %d stored; want it stored", resp.StatusCode, s.stored(t))
	}
}

// TestADoubleClickCostsOnePost posts one review eight times in a row, as
// repeated clicks would: one is stored, and none but the first counts.
func TestADoubleClickCostsOnePost(t *testing.T) {
	s := newReviewServer(t, reviews.DefaultRate, false)
	for i := range 8 {
		if resp := s.post(t, "1", review("Warm and soft.", "Ona")); resp.StatusCode != http.StatusCreated {
			t.Fatalf("post %d of the same review = %d %s, want 201", i+1, resp.StatusCode, body(t, resp))
		}
	}
	for i := range reviews.DefaultRate.Posts - 1 {
		if resp := s.post(t, "1", review(fmt.Sprint("Another review, number ", i), "Ona")); resp.StatusCode != http.StatusCreated {
			t.Errorf("post %d after the repeated one = %d; the repeats used up the limit", i+2, resp.StatusCode)
		}
	}
	if n := s.stored(t); n != reviews.DefaultRate.Posts {
		t.Errorf("stored %d reviews, want %d", n, reviews.DefaultRate.Posts)
	}
}

// TestAPendingReviewCannotBeConfirmedByGuessing posts a review held for
// approval, then its text from another client: the answer is a new post's,
// with nothing of the pending one.
func TestAPendingReviewCannotBeConfirmedByGuessing(t *testing.T) {
	s := newReviewServer(t, generous, true)
	postFrom := func(remoteAddr string) reviewJSON {
		req := httptest.NewRequest(http.MethodPost, "/api/knitters/1/reviews", strings.NewReader(review("Warm and soft.", "Ona")))
		req.RemoteAddr = remoteAddr
		resp := s.do(t, req, "Content-Type: application/json", "Origin: "+shopOrigin)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("post from %s = %d %s", remoteAddr, resp.StatusCode, body(t, resp))
		}
		return decode[reviewJSON](t, resp)
	}
	pending := postFrom("203.0.113.7:5000")
	s.clock.Advance(20 * time.Second)
	guess := postFrom("198.51.100.9:5000")
	if guess.ID == pending.ID || guess.CreatedAt.Equal(pending.CreatedAt) || !guess.CreatedAt.Equal(s.clock.Now()) || guess.Status != "pending" {
		t.Errorf("the guess was answered %+v; the pending review is %+v: want a new post's answer, pending, at %s",
			guess, pending, s.clock.Now())
	}
	if n := s.stored(t); n != 1 {
		t.Errorf("stored %d reviews, want 1", n)
	}
}

func TestReviewsHeldForApproval(t *testing.T) {
	s := newReviewServer(t, generous, true)
	posted := decode[reviewJSON](t, s.post(t, "1", review("Warm.", "Ona")))
	if posted.Status != "pending" {
		t.Errorf("status = %q, want pending", posted.Status)
	}
	if page := decode[reviewPage](t, s.get(t, "/api/knitters/1/reviews")); len(page.Reviews) != 0 {
		t.Errorf("a pending review is listed: %+v", page)
	}
	auth := "Authorization: Bearer " + adminToken
	resp := s.do(t, httptest.NewRequest(http.MethodPost, fmt.Sprintf("/api/admin/reviews/%d/publish", posted.ID), nil), auth)
	if resp.StatusCode != 200 || decode[reviewJSON](t, resp).Status != "published" {
		t.Fatalf("publish = %d", resp.StatusCode)
	}
	if page := decode[reviewPage](t, s.get(t, "/api/knitters/1/reviews")); len(page.Reviews) != 1 || page.Reviews[0].ID != posted.ID {
		t.Errorf("after publishing, listed %+v", page)
	}
}

func TestReviewRateLimit(t *testing.T) {
	s := newReviewServer(t, reviews.DefaultRate, false)
	postFrom := func(remoteAddr string, n int, headers ...string) *http.Response {
		req := httptest.NewRequest(http.MethodPost, "/api/knitters/1/reviews", strings.NewReader(review(fmt.Sprint("Review ", n, " from ", remoteAddr), "Ona")))
		req.RemoteAddr = remoteAddr
		return s.do(t, req, append([]string{"Content-Type: application/json", "Origin: " + shopOrigin}, headers...)...)
	}
	for i := range 5 {
		if resp := postFrom("203.0.113.7:5000", i); resp.StatusCode != http.StatusCreated {
			t.Fatalf("post %d = %d %s", i+1, resp.StatusCode, body(t, resp))
		}
		s.clock.Advance(time.Second)
	}
	resp := postFrom("203.0.113.7:5001", 5)
	if code := errorCode(t, resp); resp.StatusCode != http.StatusTooManyRequests || code != "rate_limited" || resp.Header.Get("Retry-After") != "55" {
		t.Errorf("the sixth post in a minute = %d %s, Retry-After %q; want 429 rate_limited, 55", resp.StatusCode, code, resp.Header.Get("Retry-After"))
	}
	if resp.Header.Get("Access-Control-Allow-Origin") != shopOrigin {
		t.Error("the shop's page cannot read the 429")
	}
	// X-Forwarded-For from a peer that is not a trusted proxy is ignored.
	if resp := postFrom("203.0.113.7:5002", 6, "X-Forwarded-For: 192.0.2.99"); resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a forged X-Forwarded-For escaped the limit: %d", resp.StatusCode)
	}
	if n := s.stored(t); n != 5 {
		t.Errorf("stored %d reviews, want 5", n)
	}
	if resp := postFrom("198.51.100.1:5000", 7); resp.StatusCode != http.StatusCreated {
		t.Errorf("another client = %d, want 201", resp.StatusCode)
	}
	s.clock.Advance(55 * time.Second)
	if resp := postFrom("203.0.113.7:5003", 8); resp.StatusCode != http.StatusCreated {
		t.Errorf("after Retry-After = %d, want 201", resp.StatusCode)
	}
}

func TestReviewRateLimitBehindTrustedProxies(t *testing.T) {
	s := newReviewServer(t, reviews.Rate{Posts: 1, Per: time.Minute}, false, func(cfg *api.Config) {
		cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8")}
	})
	n := 0
	postVia := func(remoteAddr, forwardedFor string) int {
		n++
		req := httptest.NewRequest(http.MethodPost, "/api/knitters/1/reviews", strings.NewReader(review(fmt.Sprint("Review ", n), "Ona")))
		req.RemoteAddr = remoteAddr
		headers := []string{"Content-Type: application/json", "Origin: " + shopOrigin}
		if forwardedFor != "" {
			headers = append(headers, "X-Forwarded-For: "+forwardedFor)
		}
		return s.do(t, req, headers...).StatusCode
	}
	for _, test := range []struct {
		name, remoteAddr, forwardedFor string
		want                           int
	}{
		{"a client through the proxy", "10.0.0.1:4000", "203.0.113.7", 201},
		{"the same client through another proxy", "10.0.0.2:4000", "203.0.113.7", 429},
		{"another client through the proxy", "10.0.0.1:4000", "203.0.113.8", 201},
		{"a forged address left of the real one", "10.0.0.1:4000", "192.0.2.1, 203.0.113.8", 429},
		{"two trusted hops", "10.0.0.1:4000", "203.0.113.9, 10.1.2.3", 201},
		{"the same client over two hops", "10.0.0.1:4000", "203.0.113.9", 429},
		{"an IPv4-mapped proxy", "[::ffff:10.0.0.1]:4000", "203.0.113.9", 429},
		{"an IPv6 proxy and client", "[fd00::1]:4000", "2001:db8:5::1", 201},
		{"another address in the client's /64", "[fd00::1]:4000", "2001:db8:5::2", 429},
		{"a hop with a port", "10.0.0.3:4000", "192.0.2.5:1001", 201},
		{"the same client's hop with another port", "10.0.0.3:4000", "192.0.2.5:1002", 429},
		{"an IPv6 hop with a port", "10.0.0.3:4000", "[2001:db8:6::1]:1001", 201},
		{"the same IPv6 client without a port", "10.0.0.3:4000", "2001:db8:6::1", 429},
		{"garbage from the proxy counts as the proxy", "10.0.0.5:4000", "not-an-address", 201},
		{"no header counts as the proxy", "10.0.0.5:4000", "", 429},
	} {
		if got := postVia(test.remoteAddr, test.forwardedFor); got != test.want {
			t.Errorf("%s: %d, want %d", test.name, got, test.want)
		}
	}
}

func TestReviewPreflight(t *testing.T) {
	s := newReviewServer(t, generous, false)
	preflight := func(origin string) *http.Response {
		req := httptest.NewRequest(http.MethodOptions, "/api/knitters/1/reviews", nil)
		return s.do(t, req, "Origin: "+origin, "Access-Control-Request-Method: POST", "Access-Control-Request-Headers: content-type")
	}
	resp := preflight(shopOrigin)
	h := resp.Header
	if resp.StatusCode != http.StatusNoContent || h.Get("Access-Control-Allow-Origin") != shopOrigin ||
		h.Get("Access-Control-Allow-Methods") != "POST" || !strings.EqualFold(h.Get("Access-Control-Allow-Headers"), "content-type") ||
		h.Get("Access-Control-Max-Age") == "" || h.Get("Vary") != "Origin" {
		t.Errorf("preflight from the shop = %d %v", resp.StatusCode, h)
	}
	resp = preflight("https://evil.example")
	if code := errorCode(t, resp); resp.StatusCode != http.StatusForbidden || code != "origin_not_allowed" || resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("preflight from another site = %d %s %v", resp.StatusCode, code, resp.Header)
	}
}

func TestOnlyDevLetsTheServersOwnPagesPost(t *testing.T) {
	for _, test := range []struct {
		name             string
		ownOriginMayPost bool
		origin, host     string
		want             int
	}{
		{"dev: the storefront posting to itself", true, "http://example.com", "example.com", http.StatusCreated},
		{"dev: an allowed shop", true, shopOrigin, "example.com", http.StatusCreated},
		{"serve: an allowed shop", false, shopOrigin, "api.example", http.StatusCreated},
		{"serve: an origin forged to match the Host header", false, "https://evil.example", "evil.example", http.StatusForbidden},
		{"serve: the server's own origin is not on the list", false, "http://example.com", "example.com", http.StatusForbidden},
	} {
		t.Run(test.name, func(t *testing.T) {
			s := newReviewServer(t, generous, false, func(cfg *api.Config) { cfg.OwnOriginMayPost = test.ownOriginMayPost })
			req := httptest.NewRequest(http.MethodPost, "/api/knitters/1/reviews", strings.NewReader(review("Warm.", "Ona")))
			req.Host = test.host
			resp := s.do(t, req, "Content-Type: application/json", "Origin: "+test.origin)
			if resp.StatusCode != test.want {
				t.Errorf("a post from %s to host %s = %d %s, want %d", test.origin, test.host, resp.StatusCode, body(t, resp), test.want)
			}
		})
	}
}

func TestReviewListBadInput(t *testing.T) {
	s := newReviewServer(t, generous, false)
	for _, test := range []struct {
		url    string
		status int
		code   string
	}{
		{"/api/knitters/99/reviews", 404, "unknown_knitter"},
		{"/api/knitters/x/reviews", 400, "invalid_id"},
		{"/api/knitters/1/reviews?limit=0", 400, "invalid_limit"},
		{"/api/knitters/1/reviews?limit=101", 400, "invalid_limit"},
		{"/api/knitters/1/reviews?limit=1e3", 400, "invalid_limit"},
		{"/api/knitters/1/reviews?cursor=abc", 400, "invalid_cursor"},
		{"/api/knitters/1", 404, "not_found"},
	} {
		resp := s.get(t, test.url)
		if code := errorCode(t, resp); resp.StatusCode != test.status || code != test.code {
			t.Errorf("GET %s = %d %s, want %d %s", test.url, resp.StatusCode, code, test.status, test.code)
		}
	}
	resp := s.do(t, httptest.NewRequest(http.MethodPut, "/api/knitters/1/reviews", nil))
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, POST, HEAD" {
		t.Errorf("PUT = %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
}

func TestReviewsDatabaseDownIs503(t *testing.T) {
	s := newReviewServer(t, generous, false)
	s.db.Close()
	for _, resp := range []*http.Response{s.get(t, "/api/knitters"), s.get(t, "/api/knitters/1/reviews"), s.post(t, "1", review("Warm.", "Ona"))} {
		if code := errorCode(t, resp); resp.StatusCode != http.StatusServiceUnavailable || code != "reviews_unavailable" {
			t.Errorf("with the database closed: %d %s; want 503 reviews_unavailable", resp.StatusCode, code)
		}
	}
}
