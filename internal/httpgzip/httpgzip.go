// Package httpgzip decides from a request's Accept-Encoding whether the
// answer may be gzipped, and gzips it.
package httpgzip

import (
	"bytes"
	"compress/gzip"
	"strconv"
	"strings"
)

// Accepts reads Accept-Encoding: gzip is sent when the client names it,
// or names * without naming it, with a weight above 0 (q=0, q=0.0 and
// q=0.000 all refuse it).
func Accepts(header string) bool {
	gzipWeight, anyWeight := -1.0, -1.0
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		weight := 1.0
		for param := range strings.SplitSeq(params, ";") {
			name, value, _ := strings.Cut(strings.TrimSpace(param), "=")
			if strings.EqualFold(strings.TrimSpace(name), "q") {
				if q, err := strconv.ParseFloat(strings.TrimSpace(value), 64); err == nil {
					weight = q
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(coding)) {
		case "gzip", "x-gzip":
			gzipWeight = weight
		case "*":
			anyWeight = weight
		}
	}
	if gzipWeight >= 0 {
		return gzipWeight > 0
	}
	return anyWeight > 0
}

// Compress gzips an answer's body.
func Compress(body []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, _ = zw.Write(body) // a bytes.Buffer takes every write
	_ = zw.Close()
	return b.Bytes()
}
