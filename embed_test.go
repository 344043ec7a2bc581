package knitfront

import (
	"bytes"
	"io/fs"
	"testing"
)

func TestThemeIsEmbedded(t *testing.T) {
	for _, name := range []string{"layout/theme.liquid", "config/settings_schema.json", "locales/en.default.json", "assets/global.js"} {
		if _, err := fs.Stat(Theme(), name); err != nil {
			t.Errorf("the embedded theme lacks %s: %v", name, err)
		}
	}
}

// Every file an app block renders must be in the binary: `knitfront dev
// --theme` renders the extension's blocks from it, and a missing snippet
// fails the whole page.
func TestAppExtensionIsEmbedded(t *testing.T) {
	for _, name := range []string{"blocks/knitfront-embed.liquid", "blocks/price.liquid", "snippets/knitfront-price.liquid", "snippets/knitfront-money.liquid", "snippets/knitters-page-styles.liquid", "snippets/knitfront-discount-now.liquid", "snippets/knitfront-first-paint.liquid", "snippets/knitfront-price-figure.liquid", "locales/en.default.json", "assets/knitfront-blocks.css"} {
		if _, err := fs.Stat(AppExtension(), name); err != nil {
			t.Errorf("the embedded app extension lacks %s: %v", name, err)
		}
	}
}

// The extension's money snippet, its rule of the discount that applies now,
// its head script choosing the printed prices' figures and its knitters page
// stylesheet are the theme's, copied by `make extension` and
// kept in git for the builds that embed the extension: a change to the
// theme's that was not copied would print other figures or badges, or style
// the knitters page otherwise, on Dawn.
func TestAppExtensionSnippetsAreTheThemes(t *testing.T) {
	for _, name := range []string{"snippets/knitfront-money.liquid", "snippets/knitfront-discount-now.liquid", "snippets/knitfront-first-paint.liquid", "snippets/knitters-page-styles.liquid"} {
		theme, err := fs.ReadFile(Theme(), name)
		if err != nil {
			t.Fatal(err)
		}
		extension, err := fs.ReadFile(AppExtension(), name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(theme, extension) {
			t.Errorf("extensions/knitfront/%s is not theme/%s: run make extension", name, name)
		}
	}
}
