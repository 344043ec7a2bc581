package demo

import (
	"fmt"
	"strings"
)

// colour is a yarn colour: its name is the variant option value (title-cased)
// and the last part of its image names.
type colour struct {
	name string
	hex  string
}

// palette lists every yarn colour the demo shop knits with.
func palette() []colour {
	return []colour{
		{"oat", "#d6c09b"},
		{"cream", "#efe5cf"},
		{"charcoal", "#4b4b52"},
		{"moss", "#7a8547"},
		{"sage", "#9db293"},
		{"forest", "#2f5e48"},
		{"rust", "#b65a33"},
		{"mustard", "#d6a23c"},
		{"berry", "#923556"},
		{"rose", "#dc9c9a"},
		{"heather", "#9c88aa"},
		{"sky", "#8db4d2"},
		{"navy", "#2f3f60"},
	}
}

// colourNamed finds a palette colour by name.
func colourNamed(name string) (colour, bool) {
	for _, c := range palette() {
		if c.name == name {
			return c, true
		}
	}
	return colour{}, false
}

// title is the colour as shoppers read it: "Oat".
func (c colour) title() string { return strings.ToUpper(c.name[:1]) + c.name[1:] }

// skuCode is the colour's part of a SKU: "OAT", "CHA".
func (c colour) skuCode() string { return strings.ToUpper(c.name[:3]) }

// background is a soft tint of the colour for the backdrop of a drawing.
func (c colour) background() string { return mix(c.hex, "#fbf8f2", 0.84) }

// stitch is the colour of the knit texture drawn over the yarn: darker on
// light yarn, lighter on dark yarn, so the stitches show on both.
func (c colour) stitch() string {
	if c.dark() {
		return mix(c.hex, "#ffffff", 0.28)
	}
	return mix(c.hex, "#000000", 0.22)
}

// outline is the colour of the drawing's edges and of contrast details such
// as heels, toes and buttons.
func (c colour) outline() string { return mix(c.hex, "#000000", 0.38) }

// light is a paler yarn of the same hue, for pompoms and highlights.
func (c colour) light() string { return mix(c.hex, "#ffffff", 0.35) }

func (c colour) dark() bool {
	r, g, b := rgb(c.hex)
	return 0.299*r+0.587*g+0.114*b < 110
}

// mix blends two "#rrggbb" colours: t = 0 gives a, t = 1 gives b.
func mix(a, b string, t float64) string {
	ar, ag, ab := rgb(a)
	br, bg, bb := rgb(b)
	blend := func(x, y float64) int { return int(x + (y-x)*t + 0.5) }
	return fmt.Sprintf("#%02x%02x%02x", blend(ar, br), blend(ag, bg), blend(ab, bb))
}

func rgb(hex string) (r, g, b float64) {
	var ri, gi, bi int
	// The palette is written in this package, so a bad colour is a bug the
	// image tests catch, not an input to handle.
	fmt.Sscanf(hex, "#%02x%02x%02x", &ri, &gi, &bi)
	return float64(ri), float64(gi), float64(bi)
}
