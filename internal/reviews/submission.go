package reviews

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"knitfront/internal/errs"
)

// Length limits, in characters (Unicode code points) after trimming.
const (
	MaxBodyChars = 2000
	MaxNameChars = 80
)

// The fields a posted review has. HoneypotField is one the review form keeps
// out of sight of people: only a bot that fills in every field sets it.
const (
	BodyField     = "body"
	NameField     = "created_by"
	HoneypotField = "website"
)

// Submission is a visitor's review as posted, checked and tidied: trimmed,
// with every line ending as "\n".
type Submission struct {
	Body      string
	CreatedBy string
}

// ParseSubmission decodes and checks a posted review: a JSON object of the
// strings body and created_by, and optionally the honeypot field website,
// which must be empty. Unknown and repeated fields are refused, so that no
// part of what a client sent is silently dropped or read two ways. Every
// error is an *errs.Error of kind Invalid whose message says what to fix.
func ParseSubmission(data []byte) (Submission, error) {
	fields, err := decodeObject(data)
	if err != nil {
		return Submission{}, err
	}
	if honeypot, ok := fields[HoneypotField]; ok && honeypot != "" {
		return Submission{}, errs.Invalidf("spam_suspected", "The review looks automated, so it was not stored.")
	}
	body, err := cleanText(fields, BodyField, "The review text", MaxBodyChars, true)
	if err != nil {
		return Submission{}, err
	}
	name, err := cleanText(fields, NameField, "The name", MaxNameChars, false)
	if err != nil {
		return Submission{}, err
	}
	return Submission{Body: body, CreatedBy: name}, nil
}

var knownFields = map[string]bool{BodyField: true, NameField: true, HoneypotField: true}

// decodeObject reads a JSON object whose values are strings or null; a null
// field counts as absent.
func decodeObject(data []byte) (map[string]string, error) {
	if !utf8.Valid(data) {
		return nil, errs.Invalidf("invalid_encoding", "The request body is not valid UTF-8 text.")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errNotAnObject(err)
	}
	fields := map[string]string{}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, errNotAnObject(err)
		}
		key, ok := tok.(string)
		if !ok {
			return nil, errNotAnObject(nil)
		}
		if !knownFields[key] {
			return nil, errs.Invalidf("unknown_field", "The field %.40q is not one a review has: send only body and created_by.", key)
		}
		if seen[key] {
			return nil, errs.Invalidf("duplicate_field", "The field %q is given twice.", key)
		}
		seen[key] = true
		var value *string
		if err := dec.Decode(&value); err != nil {
			var typeErr *json.UnmarshalTypeError
			if errors.As(err, &typeErr) {
				return nil, errs.Invalidf("invalid_type", "The field %q must be a string, not %s.", key, typeErr.Value)
			}
			return nil, errNotAnObject(err)
		}
		if value != nil {
			fields[key] = *value
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, errNotAnObject(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errs.Invalidf("invalid_json", "The request body must hold one JSON object and nothing after it.")
	}
	return fields, nil
}

func errNotAnObject(cause error) error {
	var syntax *json.SyntaxError
	if errors.As(cause, &syntax) {
		return errs.Invalidf("invalid_json", "The request body is not valid JSON (at byte %d): send an object such as {\"body\": \"...\", \"created_by\": \"...\"}.", syntax.Offset)
	}
	return errs.Invalidf("invalid_json", "The request body must be a JSON object such as {\"body\": \"...\", \"created_by\": \"...\"}.")
}

// cleanText takes a text field, trims it and checks it: present, not empty,
// free of control characters (but for line breaks where multiline) and at
// most maxChars characters long.
func cleanText(fields map[string]string, field, what string, maxChars int, multiline bool) (string, error) {
	value, ok := fields[field]
	if !ok {
		return "", errs.Invalidf("missing_field", "%s (%s) is required.", what, field)
	}
	if multiline {
		value = strings.ReplaceAll(value, "\r\n", "\n")
		value = strings.ReplaceAll(value, "\r", "\n")
	}
	value = strings.TrimSpace(value)
	if value == "" {
		return "", errs.Invalidf("empty_field", "%s (%s) is empty: write at least one character.", what, field)
	}
	for _, r := range value {
		if r == '\n' && multiline {
			continue
		}
		if unicode.Is(unicode.Cc, r) || isDirectionOverride(r) {
			return "", errs.Invalidf("control_character", "%s (%s) holds the control character U+%04X, which is not allowed.", what, field, r)
		}
	}
	if n := utf8.RuneCountInString(value); n > maxChars {
		return "", errs.Invalidf("too_long", "%s (%s) has %d characters; at most %d are allowed.", what, field, n, maxChars)
	}
	return value, nil
}

// isDirectionOverride reports the invisible characters that reorder the text
// around them (embeddings, overrides and isolates): in a name or review they
// only serve to make text read otherwise than it is stored.
func isDirectionOverride(r rune) bool {
	return r >= '\u202A' && r <= '\u202E' || r >= '\u2066' && r <= '\u2069'
}
