package storefront

import (
	"bytes"
	"io/fs"
	"net/url"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"knitfront/internal/money"
)

// loadOS2Theme loads testdata/os2-theme, a small Online Store 2.0 theme
// that uses each feature Dawn does, with testdata/app-extension added.
func loadOS2Theme(t *testing.T) *Theme {
	t.Helper()
	assetURL := func(name string) string { return "/assets/" + name }
	theme, err := LoadTheme(os.DirFS("testdata/os2-theme"), assetURL)
	if err != nil {
		t.Fatal(err)
	}
	app, err := LoadAppExtension("knitfront", os.DirFS("testdata/app-extension"), assetURL)
	if err != nil {
		t.Fatal(err)
	}
	theme.UseAppExtension(app)
	return theme
}

func TestOnlineStore2Theme(t *testing.T) {
	theme := loadOS2Theme(t)
	img := newImage("/demo-images/hat.svg", "Hat")
	product := &productObject{ID: 7, Title: "Lamb Hat", Price: 4500, Available: true,
		Images: []*imageObject{img}, Media: []*mediaObject{newMedia(7, 1, img)}}
	hats := &collectionObject{Handle: "hats", Products: []*productObject{product, product, product}}
	resolve := func(settingType string, v any) any {
		if settingType == "collection" && v == "hats" {
			return hats
		}
		return v
	}
	render := func(template string) string {
		var b bytes.Buffer
		err := theme.RenderPage(&b, Page{Template: template, Currency: money.EUR, PageNumber: 1, URL: &url.URL{Path: "/x"},
			Objects: map[string]any{"product": product, "content_for_header": "<meta name=shopify>"}, Resolve: resolve})
		if err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	productPage, collectionPage := render("product"), render("collection")
	for _, test := range []struct {
		feature, page, want string
	}{
		{"section group", productPage, `<div id="shopify-section-sections--header-group__announcement" class="shopify-section shopify-section-group-header-group"><p class="announcement"><svg class="icon"></svg>`},
		{"disabled group section", productPage, "!sections--header-group__hidden"},
		{"content_for_header, then the app embed and its stylesheet", productPage, `<head><meta name=shopify><link href="/assets/app.css" rel="stylesheet" type="text/css" media="all"><script>window.appConfig = "hello";</script>`},
		{"dynamic source", productPage, "<h1>Lamb Hat</h1>"},
		{"liquid tag with echo and comment lines", productPage, "in stock <h1>"},
		{"liquid tag's assign", productPage, `<p class="price">€45,00</p>`},
		{"inline comment", productPage, "!theme-check-disable"},
		{"doc block", productPage, "!@example"},
		{"settings from the current preset: font and color", productPage, `<p class="fonts">Work Sans/700/255</p>`},
		{"theme block, cycle with a variable, increment", productPage, `<p class="text odd">First #0</p><div class="app">`},
		{"app block with its own locale, its section's id and nothing else of it, after it the next theme block", productPage, `<span class="badge" data-section="template--product__main" data-heading="">On sale: Lamb Hat</span>`},
		{"next turn of the cycle and the counter", productPage, `<p class="text even">Second #1</p>`},
		{"another app's block renders nothing", productPage, "!stars"},
		{"snippet sees the template's object and the section", productPage, `<ul class="gallery" data-section="template--product__main"><li><img src="/demo-images/hat.svg" class="media"></li></ul>`},
		{"form of another type", productPage, `<form method="post" action="/contact#contact_form" class="contact"`},
		{"style", productPage, `<style data-shopify>.x { color: red; }</style>`},
		{"paginate of a setting's collection", collectionPage, `<p class="pages">2</p>`},
	} {
		t.Run(test.feature, func(t *testing.T) {
			if absent, ok := strings.CutPrefix(test.want, "!"); ok {
				if strings.Contains(test.page, absent) {
					t.Errorf("the page holds %q:\n%s", absent, test.page)
				}
			} else if !strings.Contains(test.page, test.want) {
				t.Errorf("the page lacks %s:\n%s", test.want, test.page)
			}
		})
	}
}

// An unknown filter fails the page with an error naming the file and line,
// rather than rendering a blank page.
func TestUnknownFilterNamesFileAndLine(t *testing.T) {
	files := map[string]string{"sections/main.liquid": "<p>\n{{ 'x' | sparkle }}</p>"}
	files["templates/page.json"] = `{"sections": {"main": {"type": "main"}}, "order": ["main"]}`
	theme := loadTestTheme(t, files)
	var b bytes.Buffer
	err := theme.RenderPage(&b, Page{Template: "page", Currency: money.EUR, Objects: map[string]any{}, PageNumber: 1, URL: &url.URL{Path: "/"}})
	if err == nil || !strings.Contains(err.Error(), `line 2): undefined filter "sparkle" in sections/main.liquid`) {
		t.Errorf("err = %v, want the undefined filter named with its file and line", err)
	}
}

func TestExpandLiquidTags(t *testing.T) {
	for _, test := range []struct{ name, source, want string }{
		{"statements", "{% liquid\n  assign a = 1\n  echo a\n%}", "{% assign a = 1 \n\n%}{{ a \n}}"},
		{"trims kept", "{%- liquid\n  assign a = 1\n-%}", "{%- assign a = 1 \n\n-%}"},
		{"comment and blank lines keep their line ends", "{% liquid\n  # note\n\n  assign a = 1\n%}", "{% assign a = 1 \n\n\n\n%}"},
		{"on one line", "{% liquid assign a = 1 %}", "{% assign a = 1 %}"},
		{"nothing but comments", "{% liquid\n  # note\n%}", "{% comment %}\n\n{% endcomment %}"},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := expandLiquidTags(test.source); got != test.want {
				t.Errorf("got %q, want %q", got, test.want)
			}
		})
	}
}

// The theme's settings_data.json keeps the app embeds' state, as the theme
// editor saves it: an embed turned off is left out, and its stored settings
// override the defaults.
func TestAppEmbedStoredState(t *testing.T) {
	for _, test := range []struct {
		name, block, want, absent string
	}{
		{"on with its settings", `{"type": "shopify://apps/knitfront/blocks/embed/1", "disabled": false, "settings": {"greeting": "labas"}}`,
			`window.appConfig = "labas"`, ""},
		{"off", `{"type": "shopify://apps/knitfront/blocks/embed/1", "disabled": true, "settings": {}}`,
			"", "appConfig"},
		{"another app's embed changes nothing", `{"type": "shopify://apps/another/blocks/embed/1", "disabled": true}`,
			`window.appConfig = "hello"`, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			err := fs.WalkDir(os.DirFS("testdata/os2-theme"), ".", func(name string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := fs.ReadFile(os.DirFS("testdata/os2-theme"), name)
				fsys[name] = &fstest.MapFile{Data: b}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			fsys["config/settings_data.json"] = &fstest.MapFile{Data: []byte(`{"current": {"blocks": {"123": ` + test.block + `}}}`)}
			theme, err := LoadTheme(fsys, func(name string) string { return "/assets/" + name })
			if err != nil {
				t.Fatal(err)
			}
			app, err := LoadAppExtension("knitfront", os.DirFS("testdata/app-extension"), func(name string) string { return "/assets/" + name })
			if err != nil {
				t.Fatal(err)
			}
			theme.UseAppExtension(app)
			var b bytes.Buffer
			if err := theme.RenderPage(&b, Page{Template: "search", Currency: money.EUR, PageNumber: 1, URL: &url.URL{Path: "/search"}, Objects: map[string]any{}}); err != nil {
				t.Fatal(err)
			}
			if test.want != "" && !strings.Contains(b.String(), test.want) {
				t.Errorf("the page lacks %q:\n%s", test.want, b.String())
			}
			if test.absent != "" && strings.Contains(b.String(), test.absent) {
				t.Errorf("the page has %q:\n%s", test.absent, b.String())
			}
		})
	}
}
