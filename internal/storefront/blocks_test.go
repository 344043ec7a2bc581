package storefront

import (
	"bytes"
	"net/url"
	"testing"

	"knitfront/internal/money"
)

// Theme blocks as Shopify renders them: a section's children in the
// template's order with {% content_for 'blocks' %}, static ones by id with
// their template settings (or their defaults), nested to any depth, in a
// <div class="shopify-block"> wrapper unless the block's schema sets tag to
// null; block.blocks lists a block's children; closest.product is the
// page's product, in the section and the snippets it renders too, unless a
// parent passes another down; named arguments are
// a static block's variables; the same ids when a section renders alone.
func TestThemeBlocks(t *testing.T) {
	files := map[string]string{
		"sections/main.liquid": `{{ closest.product }}{% render 'of' %}[{% content_for 'blocks' %}|{% content_for 'block', type: 'title', id: 'static-title', suffix: '!' %}]`,
		"snippets/of.liquid":   ` of {{ closest.product }}`,
		"blocks/group.liquid":  `group {{ block.id }} has {{ block.blocks.size }}:{% content_for 'blocks', closest.product: 'Other' %}{% schema %}{"tag": "section", "class": "wide", "settings": []}{% endschema %}`,
		"blocks/title.liquid":  `{{ block.settings.text }}{{ suffix }}{% schema %}{"tag": null, "settings": [{"type": "text", "id": "text", "default": "Default"}]}{% endschema %}`,
		"blocks/price.liquid":  `price of {{ closest.product }}{% schema %}{"settings": []}{% endschema %}`,
		"templates/product.json": `{"sections": {"main": {"type": "main", "blocks": {
			"g": {"type": "group", "blocks": {"p": {"type": "price"}, "t": {"type": "title", "settings": {"text": "Nested"}}, "off": {"type": "price", "disabled": true}}, "block_order": ["t", "p", "off"]},
			"p2": {"type": "price"},
			"static-title": {"type": "title", "static": true, "settings": {"text": "Static"}}
		}, "block_order": ["p2", "g"]}}, "order": ["main"]}`,
	}
	theme := loadTestTheme(t, files)
	p := Page{Template: "product", Currency: money.EUR, Objects: map[string]any{"product": "Sweater"}, PageNumber: 1, URL: &url.URL{Path: "/"}}
	want := `[<div id="shopify-block-p2" class="shopify-block">price of Sweater</div>` +
		`<section id="shopify-block-g" class="shopify-block wide">group g has 2:Nested<div id="shopify-block-p" class="shopify-block">price of Other</div></section>` +
		`|Static!]`
	var b bytes.Buffer
	if err := theme.RenderPage(&b, p); err != nil {
		t.Fatal(err)
	}
	want = "Sweater of Sweater" + want
	page := `<html><div id="shopify-section-template--product__main" class="shopify-section">` + want + `</div></html>`
	if b.String() != page {
		t.Errorf("got  %s\nwant %s", b.String(), page)
	}
	sections, err := theme.RenderSections(p, []string{"template--product__main"})
	if err != nil {
		t.Fatal(err)
	}
	if got := sections["template--product__main"]; got != `<div id="shopify-section-template--product__main" class="shopify-section">`+want+`</div>` {
		t.Errorf("the section alone: %s", got)
	}
	for _, test := range []struct{ name, source string }{
		{"UnknownKind", `{% content_for 'things' %}`},
		{"BlockWithoutID", `{% content_for 'block', type: 'title' %}`},
		{"TypeNotLiteral", `{% content_for 'block', type: kind, id: 'x' %}`},
	} {
		t.Run(test.name, func(t *testing.T) {
			files := map[string]string{"sections/main.liquid": test.source}
			if _, err := LoadTheme(testTheme(files), func(string) string { return "" }); err == nil {
				t.Error("the theme loaded")
			}
		})
	}
}
