package storefront

import (
	"maps"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Shopify bundles the {% stylesheet %} and {% javascript %} of every
// section, block and snippet of a theme into one stylesheet and one script,
// which every page loads from content_for_header, whatever it renders: the
// tags print nothing where they are. Their text is CSS and JavaScript, never
// Liquid. Printed inline instead, a Horizon product card carried 486 KB of
// its blocks' styles, at every card.

// Where the dev storefront serves the bundles, as Shopify serves them under
// its CDN's compiled_assets.
const (
	compiledStylesPath  = "/compiled_assets/styles.css"
	compiledScriptsPath = "/compiled_assets/scripts.js"
)

var bundledBlock = regexp.MustCompile(`(?s){%-?\s*(stylesheet|javascript)\s*-?%}(.*?){%-?\s*end(?:stylesheet|javascript)\s*-?%}`)

// compiledAssets are a theme's bundles.
type compiledAssets struct {
	styles, scripts string
}

// bundleAssets collects the stylesheets and scripts of the files, in the
// files' order, each file's once.
func bundleAssets(sources map[string][]byte) compiledAssets {
	var styles, scripts strings.Builder
	for _, name := range slices.Sorted(maps.Keys(sources)) {
		for _, m := range bundledBlock.FindAllSubmatch(sources[name], -1) {
			out := &styles
			if string(m[1]) == "javascript" {
				out = &scripts
			}
			out.WriteString("/* " + path.Clean(name) + " */\n")
			out.Write(m[2])
			out.WriteString("\n")
		}
	}
	return compiledAssets{styles: styles.String(), scripts: scripts.String()}
}

// headTags are the tags content_for_header gets for the bundles the theme
// has.
func (a compiledAssets) headTags() string {
	var b strings.Builder
	if a.styles != "" {
		b.WriteString(`<link href="` + compiledStylesPath + `" rel="stylesheet" type="text/css" media="all">`)
	}
	if a.scripts != "" {
		b.WriteString(`<script src="` + compiledScriptsPath + `" defer="defer"></script>`)
	}
	return b.String()
}

// ServeCompiledAssets answers the bundles' addresses; ok is false for any
// other.
func (t *Theme) ServeCompiledAssets(w http.ResponseWriter, r *http.Request) (ok bool) {
	var body, contentType string
	switch r.URL.Path {
	case compiledStylesPath:
		body, contentType = t.compiled.styles, "text/css; charset=utf-8"
	case compiledScriptsPath:
		body, contentType = t.compiled.scripts, "text/javascript; charset=utf-8"
	default:
		return false
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write([]byte(body))
	return true
}
