package storefront

import (
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/osteele/liquid/render"
)

// The Shopify filters of Online Store 2.0 themes such as Dawn beyond those
// the knitfront theme uses. What Shopify builds from data the dev
// storefront does not have (fonts, videos, payment buttons, customer
// addresses) renders as nothing, so the page around it renders as it does
// on Shopify.

func (t *Theme) addThemeFilters(cfg *render.Config) {
	cfg.AddFilter("inline_asset_content", t.inlineAssetContent)
	cfg.AddFilter("shopify_asset_url", func(name string) string { return t.assetURL(name) })
	cfg.AddFilter("image_tag", imageTag)
	cfg.AddFilter("placeholder_svg_tag", placeholderSVGTag)
	cfg.AddFilter("link_to", func(text, url string) string {
		return `<a href="` + html.EscapeString(url) + `">` + text + `</a>`
	})
	cfg.AddFilter("time_tag", timeTag)
	cfg.AddFilter("structured_data", structuredData)
	cfg.AddFilter("item_count_for_variant", itemCountForVariant)
	cfg.AddFilter("line_items_for", lineItemsFor)
	cfg.AddFilter("unit_price_with_measurement", func(price any, _ ...any) any { return price })
	cfg.AddFilter("font_modify", func(font any, _ ...any) any { return font })
	cfg.AddFilter("color_lighten", func(c any, percent float64) any { return adjustLightness(c, percent) })
	cfg.AddFilter("color_darken", func(c any, percent float64) any { return adjustLightness(c, -percent) })
	cfg.AddFilter("color_brightness", colorBrightness)
	addListAndColorFilters(cfg)
	for _, name := range []string{
		"font_face", "font_url", "format_address", "media_tag", "external_video_url", "external_video_tag",
		"video_tag", "payment_terms", "payment_button", "payment_type_svg_tag", "login_button", "avatar",
		"default_errors",
	} {
		cfg.AddFilter(name, func(any, ...any) string { return "" })
	}
}

// inlineAssetContent is the text of an asset of the theme, such as an
// SVG icon.
func (t *Theme) inlineAssetContent(name string) (string, error) {
	if t.fsys == nil {
		return "", fmt.Errorf("inline_asset_content: the theme has no assets")
	}
	b, err := fs.ReadFile(t.fsys, "assets/"+name)
	if err != nil {
		return "", fmt.Errorf("inline_asset_content: %w", err)
	}
	return string(b), nil
}

// imageTag is image_tag: an img element for an image or an address, with
// the attributes given as keyword arguments.
func imageTag(v any, arguments ...any) string {
	args := keywordArgs(arguments)
	src := imageURL(v)
	if src == "" {
		return ""
	}
	attributes := map[string]string{"src": src}
	if media, ok := v.(*mediaObject); ok && media != nil {
		v = media.PreviewImage
	}
	if img, ok := v.(*imageObject); ok && img != nil {
		attributes["alt"] = img.Alt
		attributes["width"] = strconv.Itoa(img.Width)
		attributes["height"] = strconv.Itoa(img.Height)
	}
	for name, value := range args {
		if name == "widths" || name == "preload" || value == nil {
			continue
		}
		attributes[name] = fmt.Sprint(value)
	}
	var b strings.Builder
	b.WriteString("<img")
	known := []string{"src", "alt", "width", "height", "class", "sizes", "loading", "fetchpriority", "style", "id"}
	for _, name := range known {
		if value, ok := attributes[name]; ok {
			fmt.Fprintf(&b, ` %s="%s"`, name, html.EscapeString(value))
		}
	}
	// Any other keyword argument is an attribute too, as Horizon's ref="image".
	for _, name := range slices.Sorted(maps.Keys(attributes)) {
		if !slices.Contains(known, name) {
			fmt.Fprintf(&b, ` %s="%s"`, name, html.EscapeString(attributes[name]))
		}
	}
	b.WriteString(">")
	return b.String()
}

// placeholderSVGTag is placeholder_svg_tag: Shopify draws an outline
// picture; here an empty box of the same size takes its place.
func placeholderSVGTag(name string, arguments ...any) string {
	class := "placeholder-svg"
	for _, a := range arguments {
		if s, ok := a.(string); ok {
			class = s
		}
	}
	return `<svg class="` + html.EscapeString(class) + `" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 525.5 525.5" data-placeholder="` + html.EscapeString(name) + `"></svg>`
}

func timeTag(v any, arguments ...any) string {
	var when time.Time
	switch d := v.(type) {
	case time.Time:
		when = d
	case string:
		parsed, err := time.Parse(time.RFC3339, d)
		if err != nil {
			return html.EscapeString(d)
		}
		when = parsed
	default:
		return ""
	}
	return `<time datetime="` + when.UTC().Format(time.RFC3339) + `">` + when.Format("January 2, 2006") + `</time>`
}

// structuredData is structured_data: a product's schema.org description.
func structuredData(v any) string {
	p, ok := v.(*productObject)
	if !ok || p == nil {
		return "{}"
	}
	b, _ := json.Marshal(map[string]any{"@context": "http://schema.org/", "@type": "Product", "name": p.Title, "url": p.URL})
	return string(b)
}

// itemCountForVariant is item_count_for_variant: how many of the variant
// the cart holds.
func itemCountForVariant(v any, variantID any) int {
	c, ok := v.(*cartObject)
	if !ok || c == nil {
		return 0
	}
	id := fmt.Sprint(variantID)
	n := 0
	for _, item := range c.Items {
		if strconv.FormatInt(item.VariantID, 10) == id {
			n += item.Quantity
		}
	}
	return n
}

// lineItemsFor is line_items_for: the cart's lines of a product or variant.
func lineItemsFor(v any, of any) []*lineItemObject {
	c, ok := v.(*cartObject)
	if !ok || c == nil {
		return nil
	}
	var lines []*lineItemObject
	for _, item := range c.Items {
		switch o := of.(type) {
		case *variantObject:
			if o != nil && item.VariantID == o.ID {
				lines = append(lines, item)
			}
		case *productObject:
			if o != nil && item.ProductID == o.ID {
				lines = append(lines, item)
			}
		}
	}
	return lines
}

// colorObject is a color setting: written as its hex code, with its
// channels as properties. RGB is the channels as CSS's rgb() takes them,
// space-separated, as Shopify writes color.rgb.
type colorObject struct {
	Red   int     `liquid:"red"`
	Green int     `liquid:"green"`
	Blue  int     `liquid:"blue"`
	Alpha float64 `liquid:"alpha"`
	RGB   string  `liquid:"rgb"`
	hex   string
}

func (c colorObject) String() string { return c.hex }

// parseColor reads a #rrggbb color setting.
func parseColor(s string) (colorObject, bool) {
	if len(s) != 7 || s[0] != '#' {
		return colorObject{}, false
	}
	n, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return colorObject{}, false
	}
	red, green, blue := int(n>>16&0xff), int(n>>8&0xff), int(n&0xff)
	return colorObject{Red: red, Green: green, Blue: blue, Alpha: 1, RGB: fmt.Sprintf("%d %d %d", red, green, blue), hex: strings.ToLower(s)}, true
}

func colorOf(v any) (colorObject, bool) {
	switch c := v.(type) {
	case colorObject:
		return c, true
	case string:
		return parseColor(c)
	}
	return colorObject{}, false
}

// adjustLightness moves a color's lightness (HSL) by percent points. The
// result is a color, as in Shopify, so that a theme reads its channels.
func adjustLightness(v any, percent float64) any {
	c, ok := colorOf(v)
	if !ok {
		return v
	}
	r, g, b := float64(c.Red)/255, float64(c.Green)/255, float64(c.Blue)/255
	hi, lo := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	l := (hi + lo) / 2
	var h, s float64
	if hi != lo {
		d := hi - lo
		s = d / (1 - math.Abs(2*l-1))
		switch hi {
		case r:
			h = math.Mod((g-b)/d, 6)
		case g:
			h = (b-r)/d + 2
		default:
			h = (r-g)/d + 4
		}
		h *= 60
	}
	l = math.Min(1, math.Max(0, l+percent/100))
	chroma := (1 - math.Abs(2*l-1)) * s
	x := chroma * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - chroma/2
	var rgb [3]float64
	switch {
	case h < 60:
		rgb = [3]float64{chroma, x, 0}
	case h < 120:
		rgb = [3]float64{x, chroma, 0}
	case h < 180:
		rgb = [3]float64{0, chroma, x}
	case h < 240:
		rgb = [3]float64{0, x, chroma}
	case h < 300:
		rgb = [3]float64{x, 0, chroma}
	default:
		rgb = [3]float64{chroma, 0, x}
	}
	channel := func(f float64) int { return int(math.Round((f + m) * 255)) }
	adjusted, _ := parseColor(fmt.Sprintf("#%02x%02x%02x", channel(rgb[0]), channel(rgb[1]), channel(rgb[2])))
	return adjusted
}

// colorBrightness is color_brightness: the perceived brightness, 0 to 255.
func colorBrightness(v any) float64 {
	c, ok := colorOf(v)
	if !ok {
		return 0
	}
	return math.Round((float64(c.Red)*299+float64(c.Green)*587+float64(c.Blue)*114)/1000*10) / 10
}
