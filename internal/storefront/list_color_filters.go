package storefront

import (
	"crypto/md5"
	"fmt"
	"html"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/osteele/liquid/render"
	"github.com/osteele/liquid/values"
)

// Shopify's array filters that pick items by a property (find, find_index,
// has, reject), its colour filters color_modify and color_contrast,
// preload_tag and md5, as shopify.dev/docs/api/liquid/filters describes them.

func addListAndColorFilters(cfg *render.Config) {
	cfg.AddFilter("find", func(list any, property any, value ...any) any {
		if i, ok := findIndex(list, property, value); ok {
			return itemsOf(list)[i]
		}
		return nil
	})
	cfg.AddFilter("find_index", func(list any, property any, value ...any) any {
		if i, ok := findIndex(list, property, value); ok {
			return i
		}
		return nil
	})
	cfg.AddFilter("has", func(list any, property any, value ...any) bool {
		_, ok := findIndex(list, property, value)
		return ok
	})
	cfg.AddFilter("reject", func(list any, property any, value ...any) []any {
		var kept []any
		for _, item := range itemsOf(list) {
			if !matches(item, property, value) {
				kept = append(kept, item)
			}
		}
		return kept
	})
	cfg.AddFilter("color_modify", colorModify)
	cfg.AddFilter("color_contrast", colorContrast)
	cfg.AddFilter("preload_tag", preloadTag)
	// Shopify's concat takes a single item as a list of it, as Horizon's
	// cards write product.featured_media | concat: other_media.
	cfg.AddFilter("concat", func(first any, second any) []any {
		items := itemsOf(first)
		if items == nil && first != nil {
			items = []any{first}
		}
		return append(items, itemsOf(second)...)
	})
	cfg.AddFilter("md5", func(s string) string { return fmt.Sprintf("%x", md5.Sum([]byte(s))) })
}

// itemsOf is a Liquid list's items.
func itemsOf(list any) []any {
	list = values.ToLiquid(list)
	r := reflect.ValueOf(list)
	if r.Kind() != reflect.Slice && r.Kind() != reflect.Array {
		return nil
	}
	out := make([]any, r.Len())
	for i := range out {
		out[i] = r.Index(i).Interface()
	}
	return out
}

// matches tells whether an item's property equals value, or with no value
// whether the property is truthy; an item that is a plain value matches
// when it equals the one argument, as find_index: 'b' finds 'b' in a list
// of strings.
func matches(item, property any, value []any) bool {
	v := values.ValueOf(item)
	if len(value) == 0 {
		if reflect.ValueOf(values.ToLiquid(item)).Kind() != reflect.Struct && !isObject(item) {
			return v.Equal(values.ValueOf(property))
		}
		return v.PropertyValue(values.ValueOf(property)).Test()
	}
	got := v.PropertyValue(values.ValueOf(property))
	return got.Equal(values.ValueOf(value[0])) || fmt.Sprint(got.Interface()) == fmt.Sprint(value[0])
}

// isObject tells a struct, map or pointer to one, whose properties a filter
// reads, from a plain value.
func isObject(item any) bool {
	r := reflect.ValueOf(values.ToLiquid(item))
	if r.Kind() == reflect.Pointer {
		r = r.Elem()
	}
	return r.Kind() == reflect.Struct || r.Kind() == reflect.Map
}

func findIndex(list, property any, value []any) (int, bool) {
	for i, item := range itemsOf(list) {
		if matches(item, property, value) {
			return i, true
		}
	}
	return 0, false
}

// colorModify is color_modify: the colour with one channel set: red,
// green or blue (0 to 255) as a hex code, or alpha (0 to 1), which gives
// rgba().
func colorModify(v any, channel string, amount any) any {
	c, ok := colorOf(v)
	if !ok {
		return v
	}
	n, err := strconv.ParseFloat(fmt.Sprint(amount), 64)
	if err != nil {
		return v
	}
	clamp := func(f float64) int { return int(math.Max(0, math.Min(255, math.Round(f)))) }
	switch channel {
	case "red":
		c.Red = clamp(n)
	case "green":
		c.Green = clamp(n)
	case "blue":
		c.Blue = clamp(n)
	case "alpha":
		return fmt.Sprintf("rgba(%d, %d, %d, %s)", c.Red, c.Green, c.Blue, strconv.FormatFloat(math.Max(0, math.Min(1, n)), 'f', -1, 64))
	default:
		return v
	}
	modified, _ := parseColor(fmt.Sprintf("#%02x%02x%02x", c.Red, c.Green, c.Blue))
	return modified
}

// colorContrast is color_contrast: the contrast ratio of two colours by
// WCAG 2.0's relative luminance, to one decimal, as '#E800B0' and
// '#D9D8FF' give 3.0.
func colorContrast(a, b any) any {
	ca, ok1 := colorOf(a)
	cb, ok2 := colorOf(b)
	if !ok1 || !ok2 {
		return 0
	}
	la, lb := luminance(ca), luminance(cb)
	if la < lb {
		la, lb = lb, la
	}
	return math.Round((la+0.05)/(lb+0.05)*10) / 10
}

func luminance(c colorObject) float64 {
	channel := func(v int) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*channel(c.Red) + 0.7152*channel(c.Green) + 0.0722*channel(c.Blue)
}

// preloadTag is preload_tag: a <link rel="preload"> for the address, its
// keyword arguments (as: 'style' first) as attributes. An empty address
// (a font the dev storefront does not serve) gives nothing.
func preloadTag(url string, arguments ...any) string {
	if url == "" {
		return ""
	}
	args := keywordArgs(arguments)
	var b strings.Builder
	fmt.Fprintf(&b, `<link href="%s"`, html.EscapeString(url))
	if as, ok := args["as"]; ok {
		fmt.Fprintf(&b, ` as="%s"`, html.EscapeString(fmt.Sprint(as)))
	}
	b.WriteString(` rel="preload"`)
	var names []string
	for name := range args {
		if name != "as" {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(&b, ` %s="%s"`, name, html.EscapeString(fmt.Sprint(args[name])))
	}
	b.WriteString(">")
	return b.String()
}
