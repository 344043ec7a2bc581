// Package knitfront embeds the files the binary serves, so it runs from any
// directory: the built widget bundle and the theme.
package knitfront

import (
	"embed"
	"io/fs"
)

// web/dist holds the bundle after `make build`; before it, only a marker
// file, and the server then serves no bundle and says so in its log.
//
//go:embed all:web/dist
var webDist embed.FS

// WebBundle returns the built widget bundle: knitfront.js and its chunks.
func WebBundle() fs.FS { return sub(webDist, "web/dist") }

// theme/assets also receives build outputs (the bundle, jQuery and CartJS,
// see web/scripts/copy-to-theme.mjs), embedded when present.
//
//go:embed theme
var theme embed.FS

// Theme returns the Shopify theme: layout/, templates/, sections/,
// snippets/, locales/, config/ and assets/.
func Theme() fs.FS { return sub(theme, "theme") }

// DevAssets returns what `knitfront dev` serves under /assets/, as Shopify
// serves a theme's assets: theme/assets, where the web build also copies the
// bundle.
func DevAssets() fs.FS { return sub(theme, "theme/assets") }

// extensions/knitfront is the theme app extension; its assets/ also
// receives the bundle (make extension), which dev serves from web/dist.
//
//go:embed extensions/knitfront/blocks extensions/knitfront/snippets extensions/knitfront/locales extensions/knitfront/assets/knitfront-blocks.css
var appExtension embed.FS

// AppExtension returns the theme app extension: blocks/, the snippets they
// render, locales/ and the stylesheet of assets/.
func AppExtension() fs.FS { return sub(appExtension, "extensions/knitfront") }

func sub(fsys fs.FS, dir string) fs.FS {
	s, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err) // the embedded paths are fixed at compile time
	}
	return s
}
