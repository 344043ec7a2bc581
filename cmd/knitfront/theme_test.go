package main

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"
	"testing/fstest"
)

func TestWriteThemeZip(t *testing.T) {
	theme := fstest.MapFS{
		"layout/theme.liquid":               {Data: []byte("{{ content_for_layout }}")},
		"assets/knitfront.js":               {Data: []byte("export {}")},
		"assets/jquery.min.js":              {Data: []byte("jQuery")},
		"assets/cart.min.js":                {Data: []byte("CartJS")},
		"snippets/knitfront-preload.liquid": {Data: []byte("<link rel=modulepreload>")},
		"config/settings_data.json":         {Data: []byte("{}")},
		".DS_Store":                         {Data: []byte("junk")},
	}
	var buf bytes.Buffer
	n, err := writeThemeZip(&buf, theme)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	want := "assets/cart.min.js assets/jquery.min.js assets/knitfront.js config/settings_data.json layout/theme.liquid snippets/knitfront-preload.liquid"
	if got := strings.Join(names, " "); got != want || n != 6 {
		t.Errorf("the zip holds %d files %q, want %q: theme folders at the top, no dot files", n, got, want)
	}
}

func TestWriteThemeZipRefusesAThemeWithoutItsBundle(t *testing.T) {
	theme := fstest.MapFS{"layout/theme.liquid": {Data: []byte("x")}}
	_, err := writeThemeZip(&bytes.Buffer{}, theme)
	if err == nil || !strings.Contains(err.Error(), "assets/knitfront.js") || !strings.Contains(err.Error(), "make build") {
		t.Errorf("err = %v, want it to name the missing bundle and the fix", err)
	}
}
