package storefront

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"knitfront/internal/money"
)

// A theme loaded to show its mistakes renders a page whose Liquid has one:
// the error, naming the file and line, stands where the failed file or
// markup was, what is around it renders, and each mistake is reported once
// however many pages show it.
func TestLiquidMistakesShownInPlace(t *testing.T) {
	for _, test := range []struct {
		name    string
		files   map[string]string
		want    []string
		reports int
	}{
		{
			name:  "UnknownFilter",
			files: map[string]string{"sections/main.liquid": "<p>before</p>{{ 'b' }}\n{{ 'x' | sparkle }}<p>after</p>"},
			want: []string{
				`<p>before</p>bLiquid error (line 2): undefined filter &#34;sparkle&#34; in sections/main.liquid`,
				`<div id="shopify-section-template--page__other" class="shopify-section">other</div>`,
			},
			reports: 1,
		},
		{
			name: "UnknownTagInASnippet",
			files: map[string]string{
				"sections/main.liquid":   "<p>before</p>{% render 'broken' %}<p>after</p>",
				"snippets/broken.liquid": "\n{% frobnicate %}",
			},
			want: []string{
				`<p>before</p>Liquid error (line 2): undefined tag &#34;frobnicate&#34; in snippets/broken.liquid<p>after</p>`,
				`class="shopify-section">other</div>`,
			},
			reports: 1,
		},
		{
			name: "MissingSnippet",
			files: map[string]string{
				"sections/main.liquid": "<p>before</p>{% render 'gone' %}",
			},
			want:    []string{`>Liquid error (line 1): render: the theme has no snippet &#34;gone&#34; in sections/main.liquid</div>`},
			reports: 1,
		},
	} {
		t.Run(test.name, func(t *testing.T) {
			test.files["sections/other.liquid"] = "other"
			test.files["templates/page.json"] = `{"sections": {"main": {"type": "main"}, "other": {"type": "other"}}, "order": ["main", "other"]}`
			var reported []error
			theme, err := LoadThemeShowingMistakes(testTheme(test.files), func(string) string { return "" }, func(err error) { reported = append(reported, err) })
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				var b bytes.Buffer
				if err := theme.RenderPage(&b, Page{Template: "page", Currency: money.EUR, Objects: map[string]any{}, PageNumber: 1, URL: &url.URL{Path: "/"}}); err != nil {
					t.Fatal(err)
				}
				for _, want := range test.want {
					if !strings.Contains(b.String(), want) {
						t.Errorf("the page lacks %s:\n%s", want, b.String())
					}
				}
			}
			if len(reported) != test.reports {
				t.Errorf("reported %d times (%v), want %d", len(reported), reported, test.reports)
			}
		})
	}
}

// Shopify's JSON templates, settings and locales may hold comments, as
// Horizon's do.
func TestJSONFilesOpeningWithAComment(t *testing.T) {
	comment := "/*\n * IMPORTANT: generated.\n */\n/* another */ "
	files := map[string]string{
		"sections/main.liquid": "{{ settings.greeting }}",
		"templates/page.json":  comment + `{"sections": {"main": {"type": "main"}}, "order": ["main"]}`,
	}
	fsys := testTheme(files)
	fsys["config/settings_data.json"].Data = append([]byte(comment), fsys["config/settings_data.json"].Data...)
	theme, err := LoadTheme(fsys, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := theme.RenderPage(&b, Page{Template: "page", Currency: money.EUR, Objects: map[string]any{}, PageNumber: 1, URL: &url.URL{Path: "/"}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Labas") {
		t.Errorf("the page lacks the setting's default: %s", b.String())
	}
	for _, test := range []struct{ in, want string }{
		{`{"a": 1}`, `{"a": 1}`},
		{"/* x */{}", "       {}"},
		{"/* a\n b */{}", "    \n     {}"},
		{"{\n // a key\n \"a\": 1}", "{\n         \n \"a\": 1}"},
		{`{"a": "http://x /* y */", "b": "\"//"}`, `{"a": "http://x /* y */", "b": "\"//"}`},
		{"/* open", "/* open"},
	} {
		if got := string(withoutComments([]byte(test.in))); got != test.want {
			t.Errorf("withoutComments(%q) = %q, want %q", test.in, got, test.want)
		}
	}
}

// A schema's text is never Liquid: Horizon's visible_if conditions hold
// Liquid with escaped quotes in their JSON strings.
func TestSchemaIsNotLiquid(t *testing.T) {
	section := `ok{% schema %}{"settings": [{"type": "text", "id": "a", "visible_if": "{{ section.settings.b == \"c\" }}"}]}{% endschema %}`
	if got := renderTestPage(t, map[string]string{"sections/main.liquid": section}, money.EUR, map[string]any{}); !strings.Contains(got, ">ok<") {
		t.Errorf("got %s", got)
	}
}
