package storefront

import (
	"strings"
	"testing"

	"knitfront/internal/cart"
	"knitfront/internal/money"
)

// Values Dawn reads as Shopify gives them: comparisons with empty, a
// variant's quantity rule, the channels of colors and of the colors the
// color filters return.
func TestShopifyValues(t *testing.T) {
	white, _ := parseColor("#FFFFFF")
	variant := &variantObject{QuantityRule: defaultQuantityRule}
	index := jsonTestCatalog()
	priced := func(lines ...cart.Line) *cartObject {
		return newCartObject(cart.Price(cart.Cart{Token: "c1", Lines: lines}, money.LT, index, nil), newProductObjects(index, money.LT))
	}
	for _, test := range []struct {
		name, source string
		objects      map[string]any
		want         string
	}{
		{"an empty string is empty", `{% if s == empty %}y{% endif %}{% if s != empty %}n{% endif %}`, map[string]any{"s": ""}, "y"},
		{"a string is not empty", `{% if s == empty %}y{% endif %}{% if s != empty %}n{% endif %}`, map[string]any{"s": "a"}, "n"},
		{"an empty list is empty", `{% if l == empty %}y{% endif %}`, map[string]any{"l": []any{}}, "y"},
		{"a list is not empty", `{% if l != empty %}n{% endif %}`, map[string]any{"l": []any{1}}, "n"},
		{"nil is not empty", `{% if x == empty %}y{% endif %}{% if x != empty %}n{% endif %}`, nil, "n"},
		{"an object is not empty", `{% if v.settings.x != empty %}n{% endif %}`, map[string]any{"v": map[string]any{"settings": map[string]any{"x": variant}}}, "n"},
		{"in a liquid tag", "{%- liquid\n if s == empty\n echo 'y'\n endif\n -%}", map[string]any{"s": ""}, "y"},
		{"a cart without lines is empty", `{% if cart == empty %}y{% endif %}{% if cart != empty %}n{% endif %}`,
			map[string]any{"cart": priced()}, "y"},
		{"a cart with a line is not empty", `{% if cart == empty %}y{% endif %}{% if cart != empty %}n{% endif %}`,
			map[string]any{"cart": priced(cart.Line{VariantID: 71, Quantity: 1})}, "n"},
		{"a variable named like empty", `{% assign is_empty = false %}{% if is_empty == false %}f{% endif %}`, nil, "f"},
		{"quantity rule", `{{ v.quantity_rule.min }}/{{ v.quantity_rule.increment }}/{% if v.quantity_rule.max != null %}{{ v.quantity_rule.max }}{% else %}none{% endif %}`,
			map[string]any{"v": variant}, "1/1/none"},
		{"color rgb", `rgb({{ c.rgb }}) {{ c }}`, map[string]any{"c": white}, "rgb(255 255 255) #ffffff"},
		{"a darkened color", `{% assign d = c | color_darken: 25 %}{{ d.red }},{{ d.green }},{{ d.blue }} {{ d }}`, map[string]any{"c": white}, "191,191,191 #bfbfbf"},
		{"a lightened color", `{% assign d = c | color_lighten: 50 %}{{ d }}`, map[string]any{"c": "#000000"}, "#808080"},
	} {
		t.Run(test.name, func(t *testing.T) {
			page := renderTestPage(t, map[string]string{"sections/main.liquid": "[" + test.source + "]"}, money.EUR, test.objects)
			if !strings.Contains(page, "["+test.want+"]") {
				t.Errorf("got %s, want [%s]", page, test.want)
			}
		})
	}
}
