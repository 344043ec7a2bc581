package reviews_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"knitfront/internal/errs"
	"knitfront/internal/reviews"
	"knitfront/internal/visible"
)

func TestParseSubmissionAccepts(t *testing.T) {
	for _, test := range []struct {
		name, json string
		want       reviews.Submission
	}{
		{"plain", `{"body":"Warm and soft.","created_by":"Ona"}`, reviews.Submission{Body: "Warm and soft.", CreatedBy: "Ona"}},
		{"fields in any order", `{"created_by":"Ona","body":"Warm."}`, reviews.Submission{Body: "Warm.", CreatedBy: "Ona"}},
		{"trimmed", "{\"body\":\"  \\n Warm. \\t\\n\",\"created_by\":\"\\u00a0 Ona \"}", reviews.Submission{Body: "Warm.", CreatedBy: "Ona"}},
		{"inner newlines kept", `{"body":"One\n\nTwo","created_by":"Ona"}`, reviews.Submission{Body: "One\n\nTwo", CreatedBy: "Ona"}},
		{"CRLF and CR become LF", `{"body":"One\r\nTwo\rThree","created_by":"Ona"}`, reviews.Submission{Body: "One\nTwo\nThree", CreatedBy: "Ona"}},
		{"an empty honeypot", `{"body":"Warm.","created_by":"Ona","website":""}`, reviews.Submission{Body: "Warm.", CreatedBy: "Ona"}},
		{"a filled honeypot", `{"body":"Warm.","created_by":"Ona","website":"http://spam.example"}`, reviews.Submission{Body: "Warm.", CreatedBy: "Ona", Automated: true}},
		{"a honeypot filled with a space", `{"body":"Warm.","created_by":"Ona","website":" "}`, reviews.Submission{Body: "Warm.", CreatedBy: "Ona", Automated: true}},
		{"eight marks on a letter", `{"body":"a` + strings.Repeat("\u0301", 8) + `","created_by":"Ona"}`, reviews.Submission{Body: "a" + strings.Repeat("\u0301", 8), CreatedBy: "Ona"}},
		{"Vietnamese", `{"body":"Cảm ơn, rất ấm","created_by":"Nguyễn"}`, reviews.Submission{Body: "Cảm ơn, rất ấm", CreatedBy: "Nguyễn"}},
		{"emoji with joiners and selectors", `{"body":"\u2764\ufe0f \ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67","created_by":"Ona"}`, reviews.Submission{Body: "\u2764\ufe0f \U0001F468\u200d\U0001F469\u200d\U0001F467", CreatedBy: "Ona"}},
		{"an escaped backslash before u", `{"body":"C:\\ud800","created_by":"Ona"}`, reviews.Submission{Body: `C:\ud800`, CreatedBy: "Ona"}},
		{"a line separator in the body", `{"body":"One\u2028Two","created_by":"Ona"}`, reviews.Submission{Body: "One\u2028Two", CreatedBy: "Ona"}},
		{"a null honeypot", `{"body":"Warm.","created_by":"Ona","website":null}`, reviews.Submission{Body: "Warm.", CreatedBy: "Ona"}},
		{"markup is text", `{"body":"<script>alert(1)</script>","created_by":"<b>Ona</b>"}`,
			reviews.Submission{Body: "<script>alert(1)</script>", CreatedBy: "<b>Ona</b>"}},
		{"SQL is text", `{"body":"'); DROP TABLE knitter_reviews;--","created_by":"Robert'); --"}`,
			reviews.Submission{Body: "'); DROP TABLE knitter_reviews;--", CreatedBy: "Robert'); --"}},
		{"escapes decoded", `{"body":"A\u00e4\ud83e\uddf6","created_by":"\u0052\u016bta"}`, reviews.Submission{Body: "Aä🧶", CreatedBy: "Rūta"}},
		{"2000 characters of body", `{"body":"` + strings.Repeat("ž", 2000) + `","created_by":"Ona"}`,
			reviews.Submission{Body: strings.Repeat("ž", 2000), CreatedBy: "Ona"}},
		{"80 characters of name, after trimming", `{"body":"x","created_by":"  ` + strings.Repeat("🧶", 80) + `  "}`,
			reviews.Submission{Body: "x", CreatedBy: strings.Repeat("🧶", 80)}},
		{"one character each", `{"body":"x","created_by":"y"}`, reviews.Submission{Body: "x", CreatedBy: "y"}},
		{"right-to-left text and its marks", `{"body":"שלום\u200f","created_by":"مريم"}`, reviews.Submission{Body: "שלום\u200f", CreatedBy: "مريم"}},
		{"a letter among invisible characters", `{"body":"\u17b4x\u2065","created_by":"\ufff0O"}`, reviews.Submission{Body: "\u17b4x\u2065", CreatedBy: "\ufff0O"}},
		{"whitespace around the object", " \n{\"body\":\"x\",\"created_by\":\"y\"}\n ", reviews.Submission{Body: "x", CreatedBy: "y"}},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, err := reviews.ParseSubmission([]byte(test.json))
			if err != nil || got != test.want {
				t.Errorf("ParseSubmission(%.80s) = %+v, %v\nwant %+v", test.json, got, err, test.want)
			}
		})
	}
}

// badSubmissions are posted reviews that ParseSubmission refuses, with the
// error code each gets.
var badSubmissions = []struct {
	name, json, code string
}{
	{"empty request body", ``, "invalid_json"},
	{"whitespace only", "  \n ", "invalid_json"},
	{"not JSON", `body=Warm&created_by=Ona`, "invalid_json"},
	{"truncated JSON", `{"body":"Warm","created_by":"On`, "invalid_json"},
	{"a JSON array", `[{"body":"Warm","created_by":"Ona"}]`, "invalid_json"},
	{"a JSON string", `"Warm"`, "invalid_json"},
	{"JSON null", `null`, "invalid_json"},
	{"two objects", `{"body":"Warm","created_by":"Ona"}{"body":"Warm","created_by":"Ona"}`, "invalid_json"},
	{"trailing garbage", `{"body":"Warm","created_by":"Ona"} x`, "invalid_json"},
	{"trailing comma", `{"body":"Warm","created_by":"Ona",}`, "invalid_json"},
	{"invalid UTF-8", "{\"body\":\"Warm \xff\",\"created_by\":\"Ona\"}", "invalid_encoding"},
	{"empty object", `{}`, "missing_field"},
	{"body missing", `{"created_by":"Ona"}`, "missing_field"},
	{"name missing", `{"body":"Warm"}`, "missing_field"},
	{"null body", `{"body":null,"created_by":"Ona"}`, "missing_field"},
	{"empty body", `{"body":"","created_by":"Ona"}`, "empty_field"},
	{"empty name", `{"body":"Warm","created_by":""}`, "empty_field"},
	{"whitespace-only body", `{"body":" \n\t\r\n ","created_by":"Ona"}`, "empty_field"},
	{"whitespace-only name", `{"body":"Warm","created_by":"\u00a0\u2003 "}`, "empty_field"},
	{"body of 2001 characters", `{"body":"` + strings.Repeat("a", 2001) + `","created_by":"Ona"}`, "too_long"},
	{"name of 81 characters", `{"body":"Warm","created_by":"` + strings.Repeat("ą", 81) + `"}`, "too_long"},
	{"NUL in the body", `{"body":"Warm\u0000","created_by":"Ona"}`, "control_character"},
	{"terminal escape in the body", `{"body":"\u001b[31mRed","created_by":"Ona"}`, "control_character"},
	{"tab in the body", `{"body":"Warm\tsoft","created_by":"Ona"}`, "control_character"},
	{"C1 control in the body", `{"body":"Warm\u0085soft","created_by":"Ona"}`, "control_character"},
	{"newline in the name", `{"body":"Warm","created_by":"Ona\nAdmin"}`, "control_character"},
	{"bell in the name", `{"body":"Warm","created_by":"Ona\u0007"}`, "control_character"},
	{"right-to-left override in the name", `{"body":"Warm","created_by":"Ona\u202egnp.exe"}`, "control_character"},
	{"unknown field", `{"body":"Warm","created_by":"Ona","rating":5}`, "unknown_field"},
	{"the table's own columns", `{"body":"Warm","created_by":"Ona","status":"published"}`, "unknown_field"},
	{"a field twice", `{"body":"Warm","created_by":"Ona","body":"Other"}`, "duplicate_field"},
	{"number body", `{"body":42,"created_by":"Ona"}`, "invalid_type"},
	{"object name", `{"body":"Warm","created_by":{"first":"Ona"}}`, "invalid_type"},
	{"array body", `{"body":["Warm"],"created_by":"Ona"}`, "invalid_type"},
	{"boolean name", `{"body":"Warm","created_by":true}`, "invalid_type"},
	{"number honeypot", `{"body":"Warm","created_by":"Ona","website":1}`, "invalid_type"},
	{"a zero-width space for a name", `{"body":"Warm","created_by":"\u200b"}`, "empty_field"},
	{"a byte-order mark for a name", `{"body":"Warm","created_by":"\ufeff"}`, "empty_field"},
	{"a Hangul filler for a name", `{"body":"Warm","created_by":"\u3164"}`, "empty_field"},
	{"tag characters for a name", `{"body":"Warm","created_by":"\udb40\udc41\udb40\udc42"}`, "empty_field"},
	{"joiners, selectors and spaces for a name", `{"body":"Warm","created_by":"\u200d\ufe0f \u2060\u034f\u115f"}`, "empty_field"},
	{"a body of one zero-width space", `{"body":"\u200b","created_by":"Ona"}`, "empty_field"},
	{"a body of invisible lines", `{"body":"\u200b\n\u2800\n\ufeff","created_by":"Ona"}`, "empty_field"},
	{"a Khmer inherent vowel for a name", `{"body":"Warm","created_by":"\u17b4"}`, "empty_field"},
	{"a body of Khmer inherent vowels", `{"body":"\u17b4\u17b5","created_by":"Ona"}`, "empty_field"},
	{"an unassigned invisible operator for a name", `{"body":"Warm","created_by":"\u2065"}`, "empty_field"},
	{"a body of a reserved format character", `{"body":"\ufff0","created_by":"Ona"}`, "empty_field"},
	{"a reserved tag for a name", `{"body":"Warm","created_by":"\udb40\udc80"}`, "empty_field"},
	{"a body of a reserved variation selector", `{"body":"\udb40\uddf0","created_by":"Ona"}`, "empty_field"},
	{"a body of every reported invisible character", `{"body":"\u17b4\u17b5\u2065\ufff0\udb40\udc80\udb40\uddf0","created_by":"Ona"}`, "empty_field"},
	{"a body of unassigned code points", `{"body":"\ud8bf\udffd \ufffe","created_by":"Ona"}`, "empty_field"},
	{"a name of a braille blank", `{"body":"Warm","created_by":"\u2800"}`, "empty_field"},
	{"a line separator in the name", `{"body":"Warm","created_by":"Ona\u2028Admin"}`, "control_character"},
	{"a paragraph separator in the name", `{"body":"Warm","created_by":"Ona\u2029Admin"}`, "control_character"},
	{"2000 marks on one letter", `{"body":"a` + strings.Repeat("\u0301", 2000) + `","created_by":"Ona"}`, "too_many_marks"},
	{"marks with joiners between them", `{"body":"a` + strings.Repeat("\u0301\u200d", 9) + `","created_by":"Ona"}`, "too_many_marks"},
	{"a lone high surrogate", `{"body":"Warm \ud800","created_by":"Ona"}`, "invalid_escape"},
	{"a lone low surrogate", `{"body":"Warm","created_by":"\udc00Ona"}`, "invalid_escape"},
	{"a high surrogate before a letter", `{"body":"\ud83e\u0041","created_by":"Ona"}`, "invalid_escape"},
	{"a high surrogate at the end", `{"body":"x","created_by":"Ona"} \ud83e`, "invalid_escape"},
}

func TestParseSubmissionRefuses(t *testing.T) {
	for _, test := range badSubmissions {
		t.Run(test.name, func(t *testing.T) {
			got, err := reviews.ParseSubmission([]byte(test.json))
			var e *errs.Error
			if !errors.As(err, &e) || e.Kind != errs.Invalid || e.Code != test.code {
				t.Fatalf("ParseSubmission(%.80q) = %+v, %v; want code %s", test.json, got, err, test.code)
			}
			if e.Message == "" || !strings.HasSuffix(e.Message, ".") {
				t.Errorf("message %q is not a sentence for a person", e.Message)
			}
		})
	}
}

// FuzzParseSubmission checks that any request body either is refused with a
// client error or yields a submission that meets every rule.
func FuzzParseSubmission(f *testing.F) {
	for _, test := range badSubmissions {
		f.Add([]byte(test.json))
	}
	f.Add([]byte(`{"body":"Warm\r\nand soft","created_by":" Ona ","website":""}`))
	f.Add([]byte(`{"body":"\u00e4\ud800","created_by":"x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sub, err := reviews.ParseSubmission(data)
		if err != nil {
			if errs.KindOf(err) != errs.Invalid {
				t.Fatalf("ParseSubmission(%q) failed with %v, not a client error", data, err)
			}
			return
		}
		if !json.Valid(data) {
			t.Errorf("ParseSubmission accepted invalid JSON %q", data)
		}
		for field, text := range map[string]string{"body": sub.Body, "created_by": sub.CreatedBy} {
			limit := reviews.MaxNameChars
			if field == "body" {
				limit = reviews.MaxBodyChars
			}
			if n := utf8.RuneCountInString(text); n < 1 || n > limit {
				t.Errorf("%s has %d characters, outside 1..%d: %q", field, n, limit, text)
			}
			if !utf8.ValidString(text) || strings.TrimSpace(text) != text {
				t.Errorf("%s is not valid, trimmed text: %q", field, text)
			}
			if !visible.Any(text) {
				t.Errorf("%s shows nothing: %+q", field, text)
			}
			for _, r := range text {
				if unicode.Is(unicode.Cc, r) && !(r == '\n' && field == "body") {
					t.Errorf("%s holds the control character %U: %q", field, r, text)
				}
			}
		}
	})
}

// FuzzInvisibleTextIsRefused checks that a body or a name made only of
// characters that show nothing is never taken, whichever they are: the
// fuzzer's text, with every character that shows taken out, is posted as
// each field in turn.
func FuzzInvisibleTextIsRefused(f *testing.F) {
	for _, s := range []string{"\u17b4\u17b5", "\u2065", "\ufff0", "\U000E0080", "\U000E01F0", "\u200b\n\u3164", "a\u0301\u2800 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		invisible := strings.Map(func(r rune) rune {
			if visible.Is(r) {
				return -1
			}
			return r
		}, strings.ToValidUTF8(s, ""))
		for _, fields := range []map[string]string{
			{reviews.BodyField: invisible, reviews.NameField: "Ona"},
			{reviews.BodyField: "Warm.", reviews.NameField: invisible},
		} {
			data, err := json.Marshal(fields)
			if err != nil {
				t.Fatal(err)
			}
			sub, err := reviews.ParseSubmission(data)
			if err == nil {
				t.Fatalf("ParseSubmission(%s) took %+v, which shows nothing", data, sub)
			}
			if errs.KindOf(err) != errs.Invalid {
				t.Fatalf("ParseSubmission(%s) failed with %v, not a client error", data, err)
			}
		}
	})
}
