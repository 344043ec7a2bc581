package visible_test

import (
	"testing"
	"unicode"

	"knitfront/internal/visible"
)

func TestIs(t *testing.T) {
	for _, test := range []struct {
		name string
		r    rune
		want bool
	}{
		{"a Latin letter", 'a', true},
		{"a digit", '7', true},
		{"a letter with its accent", 'ž', true},
		{"a Khmer letter", 'ក', true},
		{"a combining accent", '\u0301', true},
		{"punctuation", '.', true},
		{"a yarn emoji", '🧶', true},
		{"a private-use character, shown as its glyph or a box", '\uE000', true},
		{"the replacement character", '\uFFFD', true},
		{"a space", ' ', false},
		{"a no-break space", '\u00A0', false},
		{"an ideographic space", '\u3000', false},
		{"a tab", '\t', false},
		{"NUL", 0, false},
		{"a C1 control", '\u0085', false},
		{"a soft hyphen", '\u00AD', false},
		{"a zero-width space", '\u200B', false},
		{"a zero-width joiner", '\u200D', false},
		{"a right-to-left mark", '\u200F', false},
		{"a word joiner", '\u2060', false},
		{"a byte-order mark", '\uFEFF', false},
		{"a combining grapheme joiner", '\u034F', false},
		{"a variation selector", '\uFE0F', false},
		{"a Mongolian variation selector", '\u180F', false},
		{"a supplementary variation selector", '\U000E0100', false},
		{"a tag character", '\U000E0041', false},
		{"a Hangul choseong filler", '\u115F', false},
		{"a Hangul filler", '\u3164', false},
		{"a halfwidth Hangul filler", '\uFFA0', false},
		{"the braille blank", '\u2800', false},
		{"an Arabic number sign, a format character", '\u0600', false},
		{"an interlinear annotation anchor", '\uFFF9', false},
		{"an Egyptian hieroglyph joiner", '\U00013430', false},
		{"a Khmer inherent vowel AQ", '\u17B4', false},
		{"a Khmer inherent vowel AA", '\u17B5', false},
		{"U+2065, kept for invisible operators", '\u2065', false},
		{"U+FFF0, kept for format characters", '\uFFF0', false},
		{"U+E0080, kept after the tags", '\U000E0080', false},
		{"U+E01F0, kept after the variation selectors", '\U000E01F0', false},
		{"an unassigned code point", '\U0003FFFD', false},
		{"a noncharacter", '\uFFFE', false},
		{"a surrogate", 0xD800, false},
		{"beyond Unicode", unicode.MaxRune + 1, false},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := visible.Is(test.r); got != test.want {
				t.Errorf("Is(%U) = %v, want %v", test.r, got, test.want)
			}
		})
	}
}

// defaultIgnorableTotals are the "Total code points" of
// Default_Ignorable_Code_Point in DerivedCoreProperties.txt, by edition: a
// Go that moves to another edition fails here until its figure is added,
// so that a change in the derivation is looked at, not missed.
var defaultIgnorableTotals = map[string]int{"15.0.0": 4174}

func TestDefaultIgnorableMatchesUnicode(t *testing.T) {
	want, ok := defaultIgnorableTotals[unicode.Version]
	if !ok {
		t.Fatalf("no Default_Ignorable_Code_Point total for Unicode %s: add the one DerivedCoreProperties.txt gives", unicode.Version)
	}
	got := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if visible.DefaultIgnorable(r) {
			got++
		}
	}
	if got != want {
		t.Errorf("%d code points are Default_Ignorable_Code_Point, Unicode %s has %d", got, unicode.Version, want)
	}
}

func TestAny(t *testing.T) {
	for _, test := range []struct {
		name, s string
		want    bool
	}{
		{"empty", "", false},
		{"a word", "Warm", true},
		{"a letter among invisible ones", "\u200B\u3164x\uFEFF", true},
		{"spaces and lines", " \n\t\u00A0\u2003", false},
		{"joiners, selectors and fillers", "\u200D\uFE0F \u2060\u034F\u115F", false},
		{"the six reported", "\u17B4\u17B5\u2065\uFFF0\U000E0080\U000E01F0", false},
		{"an emoji with its selector", "\u2764\uFE0F", true},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := visible.Any(test.s); got != test.want {
				t.Errorf("Any(%+q) = %v, want %v", test.s, got, test.want)
			}
		})
	}
}

// FuzzVisible checks the rule against the categories it stands on: a
// letter, number or symbol that is not default-ignorable shows; a control,
// a format character, whitespace, a default-ignorable or an unassigned code
// point does not; and a string shows something exactly when one of its
// characters does.
func FuzzVisible(f *testing.F) {
	for _, s := range []string{"Warm", "\u17B4\u17B5\u2065\uFFF0\U000E0080\U000E01F0", "\u3164", "a\u0301", "🧶\u200D", "\u2800 \uFEFF"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		shows := false
		for _, r := range s {
			is := visible.Is(r)
			shows = shows || is
			letterLike := unicode.In(r, unicode.L, unicode.N, unicode.S) && !visible.DefaultIgnorable(r) && r != '\u2800'
			if letterLike && !is {
				t.Errorf("%U is a letter, number or symbol, yet called invisible", r)
			}
			blank := unicode.In(r, unicode.Cc, unicode.Cf, unicode.Cn, unicode.White_Space) || visible.DefaultIgnorable(r)
			if blank && is {
				t.Errorf("%U shows nothing by its properties, yet called visible", r)
			}
		}
		if got := visible.Any(s); got != shows {
			t.Errorf("Any(%+q) = %v, but its characters say %v", s, got, shows)
		}
	})
}
