package api

import (
	"bytes"
	"encoding/json"
	"hash/fnv"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// jsonEncoder writes JSON without escaping <, > and &: answers are data for
// scripts, and shoppers' text is always rendered as text.
func jsonEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// encodedJSON is an answer's body, encoded once, with its ETag.
type encodedJSON struct {
	body         []byte
	etag, length string
}

func encodeJSON(v any) (encodedJSON, error) {
	var buf bytes.Buffer
	if err := jsonEncoder(&buf).Encode(v); err != nil {
		return encodedJSON{}, err
	}
	body := buf.Bytes()
	return encodedJSON{body: body, etag: etagOf(body), length: strconv.Itoa(len(body))}, nil
}

// writeJSON answers 200 with v as JSON, an ETag of the body and the given
// Cache-Control, or 304 when the client already holds this body.
func writeJSON(w http.ResponseWriter, r *http.Request, v any, cacheControl string) error {
	enc, err := encodeJSON(v)
	if err != nil {
		return err
	}
	writeEncoded(w, r, enc, cacheControl)
	return nil
}

func writeEncoded(w http.ResponseWriter, r *http.Request, enc encodedJSON, cacheControl string) {
	// The keys are canonical already; assigning skips canonicalizing them
	// again on the API's hottest path.
	h := w.Header()
	h["Cache-Control"] = []string{cacheControl}
	h["Etag"] = []string{enc.etag}
	if etagMatches(r.Header.Get("If-None-Match"), enc.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Type"] = []string{"application/json; charset=utf-8"}
	h["Content-Length"] = []string{enc.length}
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(enc.body)
	}
}

// writeCreated answers 201 with v as JSON.
func writeCreated(w http.ResponseWriter, v any) error {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusCreated)
	return jsonEncoder(w).Encode(v)
}

func etagOf(body []byte) string {
	h := fnv.New64a()
	_, _ = h.Write(body)
	return `"` + strconv.FormatUint(h.Sum64(), 36) + `"`
}

// etagMatches implements If-None-Match's weak comparison over a list.
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for candidate := range strings.SplitSeq(header, ",") {
		candidate = strings.TrimPrefix(strings.TrimSpace(candidate), "W/")
		if candidate == etag || candidate == "*" {
			return true
		}
	}
	return false
}
