package main

import (
	"errors"
	"io/fs"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// KNITFRONT_DEV_THEME renders another theme from disk, with the knitfront
// app embed on and the extension's and the theme's assets served.
func TestDevRendersAnotherTheme(t *testing.T) {
	addr, _, _ := startServer(t, []string{"dev"}, map[string]string{
		"DATABASE_URL":        "sqlite:" + filepath.Join(t.TempDir(), "k.db"),
		"KNITFRONT_ADDR":      "127.0.0.1:0",
		"KNITFRONT_DEV_THEME": "../../internal/storefront/testdata/os2-theme",
	})
	for _, test := range []struct{ path, want string }{
		{"/products/oat-cable-sweater", "<h1>Oat Cable Sweater</h1>"},
		{"/products/oat-cable-sweater", "window.knitfrontConfig"},
		{"/products/oat-cable-sweater", "/assets/knitfront-blocks.css?v="},
		{"/assets/icon.svg", `<svg class="icon">`},
		{"/assets/knitfront-blocks.css", "knitfront-fallback-reveal"},
	} {
		if status, body := get(t, addr+test.path); status != http.StatusOK || !strings.Contains(body, test.want) {
			t.Errorf("GET %s = %d, want 200 with %q", test.path, status, test.want)
		}
	}
}

func TestLayeredFS(t *testing.T) {
	layers := layeredFS{
		fstest.MapFS{"a.css": {Data: []byte("theme")}},
		fstest.MapFS{"a.css": {Data: []byte("app")}, "b.js": {Data: []byte("app")}},
	}
	for name, want := range map[string]string{"a.css": "theme", "b.js": "app"} {
		if b, err := fs.ReadFile(layers, name); err != nil || string(b) != want {
			t.Errorf("%s = %q, %v; want the first layer's %q", name, b, err, want)
		}
	}
	if _, err := fs.ReadFile(layers, "c.js"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a name no layer has: err = %v, want fs.ErrNotExist", err)
	}
	entries, err := fs.ReadDir(layers, ".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "a.css b.js" {
		t.Errorf("the listing = %q, want every layer's files once", got)
	}
}
