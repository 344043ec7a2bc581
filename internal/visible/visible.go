// Package visible tells the characters that show something by themselves
// from those that do not, by Unicode's properties: a text a person must be
// able to read (a review, a name) or to copy exactly (a token) is checked
// against it.
package visible

import (
	"unicode"
	"unicode/utf8"
)

// brailleBlank is U+2800 BRAILLE PATTERN BLANK: a symbol by its properties,
// and the one such symbol whose glyph is empty, so it is the blank of choice
// for text meant to look empty.
const brailleBlank = '\u2800'

// Is reports whether r shows something by itself. Not shown are the
// Default_Ignorable_Code_Point characters (joiners, selectors, tags, the
// Hangul fillers and the code points kept for more of them), the format
// characters (whose few visible ones, such as U+0600, sign only the digits
// after them), unassigned and surrogate code points, whitespace, controls
// and the braille blank. Unassigned is by Go's tables (unicode.Version): a
// character of a later edition shows nothing here until Go's tables know it.
func Is(r rune) bool {
	return utf8.ValidRune(r) && r != brailleBlank && !DefaultIgnorable(r) &&
		!unicode.In(r, unicode.Cc, unicode.Cf, unicode.Cn, unicode.White_Space)
}

// Any reports whether s holds a character that shows something.
func Any(s string) bool {
	for _, r := range s {
		if Is(r) {
			return true
		}
	}
	return false
}

// DefaultIgnorable reports Unicode's Default_Ignorable_Code_Point property,
// derived as DerivedCoreProperties.txt derives it, since Go's unicode package
// holds only its Other_ part: Other_Default_Ignorable_Code_Point, format
// characters and variation selectors, less whitespace, the interlinear
// annotation characters (U+FFF9..FFFB), the Egyptian hieroglyph format
// controls (U+13430..1343F) and the prepended concatenation marks, which are
// meant to be seen.
func DefaultIgnorable(r rune) bool {
	return unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Cf, unicode.Variation_Selector) &&
		!unicode.In(r, unicode.White_Space, unicode.Prepended_Concatenation_Mark) &&
		!(r >= '\uFFF9' && r <= '\uFFFB') && !(r >= '\U00013430' && r <= '\U0001343F')
}
