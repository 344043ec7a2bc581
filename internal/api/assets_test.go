package api_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"testing"

	"knitfront/internal/api"
)

func TestAssets(t *testing.T) {
	s := newTestServer(t)
	if got := api.NewAssets(nil, nil).URL("knitfront.js"); got != "/assets/knitfront.js" {
		t.Errorf("AssetURL without a bundle = %q", got)
	}
	url := s.assets.URL("knitfront.js")
	if !regexp.MustCompile(`^/assets/knitfront\.js\?v=[0-9a-f]{12}$`).MatchString(url) {
		t.Fatalf("AssetURL = %q, want a content hash", url)
	}
	resp := s.get(t, url, "Accept-Encoding: gzip, br")
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
		resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Content-Type") != "text/javascript; charset=utf-8" {
		t.Errorf("versioned entry: %d %v", resp.StatusCode, resp.Header)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); string(b) != "console.log('knitfront');" {
		t.Errorf("gunzipped body = %q", b)
	}

	plain := s.get(t, "/assets/knitfront.js?v=old")
	if plain.Header.Get("Cache-Control") != "public, max-age=300" || plain.Header.Get("Content-Encoding") != "" ||
		body(t, plain) != "console.log('knitfront');" {
		t.Errorf("entry with a stale version: %v", plain.Header)
	}
	if again := s.get(t, "/assets/knitfront.js", "If-None-Match: "+plain.Header.Get("ETag")); again.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation = %d, want 304", again.StatusCode)
	}
	if chunk := s.get(t, "/assets/knitfront-page-abc1.js"); chunk.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("a hashed chunk must be immutable: %q", chunk.Header.Get("Cache-Control"))
	}
	if missing := s.get(t, "/assets/nope.js"); missing.StatusCode != http.StatusNotFound {
		t.Errorf("missing asset = %d", missing.StatusCode)
	}
}

func TestAssetsHonourAcceptEncoding(t *testing.T) {
	s := newTestServer(t)
	url := s.assets.URL("knitfront.js")
	plainETag := s.get(t, url).Header.Get("ETag")
	for _, test := range []struct {
		acceptEncoding string
		gzip           bool
	}{
		{"", false},
		{"gzip", true},
		{"GZIP;q=0.5, br", true},
		{"gzip;q=0", false},
		{"gzip; q=0.0", false},
		{"gzip;q=0.000, identity", false},
		{"br, *", true},
		{"*;q=0, identity", false},
		{"gzip;q=0, *", false},
		{"identity", false},
	} {
		t.Run(test.acceptEncoding, func(t *testing.T) {
			resp := s.get(t, url, "Accept-Encoding: "+test.acceptEncoding)
			etag := resp.Header.Get("ETag")
			if gzipped := resp.Header.Get("Content-Encoding") == "gzip"; gzipped != test.gzip {
				t.Errorf("gzipped: %v, want %v", gzipped, test.gzip)
			}
			if (etag == plainETag) == test.gzip || etag == "" {
				t.Errorf("ETag %q, the plain answer's %q: each encoding needs its own", etag, plainETag)
			}
			if again := s.get(t, url, "Accept-Encoding: "+test.acceptEncoding, "If-None-Match: "+etag); again.StatusCode != http.StatusNotModified {
				t.Errorf("revalidating with its own ETag = %d, want 304", again.StatusCode)
			}
		})
	}
}
