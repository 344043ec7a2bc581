package storefront

import (
	"fmt"
	"html"
	"maps"
	"math"
	"strconv"
	"strings"

	"github.com/osteele/liquid/render"

	"knitfront/internal/money"
)

// addFilters defines the Shopify filters the theme uses; the money filters
// format in the given presentment currency.
func (t *Theme) addFilters(cfg *render.Config, currency money.Currency) {
	format := moneyFormats[currency]
	moneyFilter := func(layout func(cents int64) string) func(any) string {
		return func(v any) string {
			cents, ok := toCents(v)
			if !ok {
				return ""
			}
			return layout(cents)
		}
	}
	cfg.AddFilter("money", moneyFilter(func(c int64) string { return formatMoney(c, format.money) }))
	cfg.AddFilter("money_with_currency", moneyFilter(func(c int64) string { return formatMoney(c, format.withCurrency) }))
	cfg.AddFilter("money_without_currency", moneyFilter(func(c int64) string { return formatMoney(c, amountOnly(format.money)) }))
	cfg.AddFilter("money_without_trailing_zeros", moneyFilter(func(c int64) string { return withoutTrailingZeros(c, format.money) }))

	cfg.AddFilter("asset_url", func(name string) string { return t.assetURL(name) })
	cfg.AddFilter("stylesheet_tag", func(href string, _ ...any) string {
		return `<link href="` + html.EscapeString(href) + `" rel="stylesheet" type="text/css" media="all" />`
	})
	cfg.AddFilter("image_url", imageURL)
	cfg.AddFilter("standard_event_data", standardEventData(currency))
	cfg.AddFilter("t", t.translate)
	cfg.AddFilter("translate", t.translate)
}

// toCents reads a Liquid money value: a number of cents.
func toCents(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case int64:
		return n, true
	case float64:
		return int64(math.Round(n)), true
	case string:
		f, err := strconv.ParseFloat(n, 64)
		return int64(math.Round(f)), err == nil
	}
	return 0, false
}

// imageURL is image_url: the picture's address. The demo pictures are SVG,
// which scale to any width, so the size options change nothing.
func imageURL(v any, _ ...any) string {
	switch img := v.(type) {
	case *imageObject:
		if img == nil {
			return ""
		}
		return img.URL
	case *mediaObject:
		if img == nil {
			return ""
		}
		return img.Src
	case string:
		return img
	}
	return ""
}

// translate is the t filter: the text of a key in locales/en.default.json,
// its {{ name }} placeholders filled from the filter's named arguments, and
// its plural form chosen by count. Placeholder values are HTML-escaped.
func (t *Theme) translate(key string, arguments ...any) string {
	args := keywordArgs(arguments)
	var node any = t.translations
	for part := range strings.SplitSeq(key, ".") {
		m, ok := node.(map[string]any)
		if !ok {
			node = nil
			break
		}
		node = m[part]
	}
	if plural, ok := node.(map[string]any); ok {
		if count, ok := args["count"]; ok && fmt.Sprint(count) == "1" {
			node = plural["one"]
		} else {
			node = plural["other"]
		}
	}
	text, ok := node.(string)
	if !ok {
		return "translation missing: en." + key
	}
	return placeholderPattern.ReplaceAllStringFunc(text, func(placeholder string) string {
		name := placeholderPattern.FindStringSubmatch(placeholder)[1]
		v, ok := args[name]
		if !ok {
			return placeholder
		}
		return html.EscapeString(fmt.Sprint(v))
	})
}

// keywordArgs merges a filter's keyword arguments, which Liquid passes as a
// map after the positional ones.
func keywordArgs(arguments []any) map[string]any {
	out := map[string]any{}
	for _, a := range arguments {
		if m, ok := a.(map[string]any); ok {
			maps.Copy(out, m)
		}
	}
	return out
}
