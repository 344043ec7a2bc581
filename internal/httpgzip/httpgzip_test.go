package httpgzip

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"
)

func TestAccepts(t *testing.T) {
	for _, test := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"gzip, deflate, br", true},
		{"x-gzip", true},
		{"GZIP;q=0.5", true},
		{"br", false},
		{"gzip;q=0", false},
		{"gzip;q=0.0", false},
		{"gzip;q=0.000, br", false},
		{"*", true},
		{"*;q=0", false},
		{"gzip;q=0, *", false},
		{"br, *;q=0.1", true},
	} {
		if got := Accepts(test.header); got != test.want {
			t.Errorf("Accepts(%q) = %v, want %v", test.header, got, test.want)
		}
	}
}

func TestCompressIsGzip(t *testing.T) {
	page := bytes.Repeat([]byte("<li>Oat Cable Sweater €129</li>\n"), 200)
	zipped := Compress(page)
	if len(zipped) >= len(page)/4 {
		t.Errorf("a repetitive page of %d bytes compressed to %d", len(page), len(zipped))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, page) {
		t.Errorf("gunzipped %d bytes (err %v), want the %d of the page", len(got), err, len(page))
	}
}
