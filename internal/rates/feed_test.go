package rates

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// feedServer serves handler as the feed; it stops when the test ends.
func feedServer(t *testing.T, handler http.HandlerFunc) Feed {
	t.Helper()
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	return Feed{URL: srv.URL + "/stats/eurofxref/eurofxref-daily.xml", Client: srv.Client(), Timeout: 200 * time.Millisecond}
}

func serveFile(t *testing.T, name string) http.HandlerFunc {
	doc, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/xml")
		_, _ = w.Write(doc)
	}
}

func TestFeedFetch(t *testing.T) {
	feed := feedServer(t, serveFile(t, "daily.xml"))
	got, err := feed.Fetch(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if want := "ecb rates of 2026-11-19: EUR 1, AUD 1.784, GBP 0.8779, USD 1.1528"; got.String() != want {
		t.Errorf("Fetch = %v, want %s", got, want)
	}
}

func TestFeedFailures(t *testing.T) {
	for _, test := range []struct {
		name    string
		handler http.HandlerFunc
		wantErr string
	}{
		{"a 500", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "internal error", http.StatusInternalServerError)
		}, "the feed answered 500 Internal Server Error"},
		{"a 404", http.NotFound, "the feed answered 404 Not Found"},
		{"an HTML error page with 200", serveFile(t, "html-error-page.xml"), "not an ECB reference rates document"},
		{"a partial document", serveFile(t, "partial-no-gbp.xml"), "no rate for GBP"},
		{"an empty body", func(w http.ResponseWriter, r *http.Request) {}, "EOF"},
		{"a hang before the headers", func(w http.ResponseWriter, r *http.Request) {
			<-r.Context().Done()
		}, "context deadline exceeded"},
		{"a hang in the middle of the body", func(w http.ResponseWriter, r *http.Request) {
			_, _ = w.Write([]byte("<?xml version=\"1.0\"?>\n<gesmes:Envelope>"))
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		}, "context deadline exceeded"},
		{"an endless body", func(w http.ResponseWriter, r *http.Request) {
			chunk := []byte(strings.Repeat("<!-- padding -->", 1024))
			for r.Context().Err() == nil {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, "larger than 1048576 bytes"},
	} {
		t.Run(test.name, func(t *testing.T) {
			feed := feedServer(t, test.handler)
			start := time.Now()
			got, err := feed.Fetch(context.Background())
			if err == nil || !strings.Contains(err.Error(), test.wantErr) {
				t.Errorf("Fetch = %v, %v; want an error containing %q", got, err, test.wantErr)
			}
			if elapsed := time.Since(start); elapsed > 5*time.Second {
				t.Errorf("Fetch took %v; the timeout is %v", elapsed, feed.Timeout)
			}
		})
	}
}

func TestFeedUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	_, err := Feed{URL: srv.URL}.Fetch(context.Background())
	if err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("Fetch from a closed port = %v, want connection refused", err)
	}
}

func TestFeedDefaultTimeout(t *testing.T) {
	// Without a Timeout of its own, a fetch ends at FetchTimeout even when the
	// caller's context has no deadline. The transport reads the deadline and
	// ends the request at once, so the test does not wait for it.
	var deadline time.Time
	client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		deadline, _ = r.Context().Deadline()
		return nil, errors.New("not sent")
	})}
	before := time.Now()
	if _, err := (Feed{URL: "http://feed.invalid/eurofxref-daily.xml", Client: client}).Fetch(context.Background()); err == nil {
		t.Fatal("Fetch succeeded through a transport that sends nothing")
	}
	if d := deadline.Sub(before); d < FetchTimeout-time.Second || d > FetchTimeout+time.Second {
		t.Errorf("the request's deadline is %v away, want FetchTimeout (%v)", d, FetchTimeout)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
