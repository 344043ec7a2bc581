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

// Every JSON answer says it is JSON, and that a browser must not read it as
// anything else (a script or a page) whatever it holds. The slices are
// shared: never change them.
var (
	jsonContentType = []string{"application/json; charset=utf-8"}
	noSniff         = []string{"nosniff"}
)

// encodedJSON is an answer's body, encoded once, with its ETag, and the
// values of its ETag and Content-Length headers made once with it, since
// memoized answers are written again and again. The header slices are
// shared: never change them.
type encodedJSON struct {
	body                     []byte
	etag                     string
	etagHeader, lengthHeader []string
}

func encodeJSON(v any) (encodedJSON, error) {
	var buf bytes.Buffer
	if err := jsonEncoder(&buf).Encode(v); err != nil {
		return encodedJSON{}, err
	}
	body := buf.Bytes()
	etag := etagOf(body)
	return encodedJSON{body: body, etag: etag, etagHeader: []string{etag}, lengthHeader: []string{strconv.Itoa(len(body))}}, nil
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
	h["Etag"] = enc.etagHeader
	if etagMatches(r.Header.Get("If-None-Match"), enc.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Type"] = jsonContentType
	h["X-Content-Type-Options"] = noSniff
	h["Content-Length"] = enc.lengthHeader
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(enc.body)
	}
}

// writeCreated answers 201 with v as JSON.
func writeCreated(w http.ResponseWriter, v any) error {
	h := w.Header()
	h["Content-Type"] = jsonContentType
	h["X-Content-Type-Options"] = noSniff
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
