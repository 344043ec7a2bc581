package api

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"knitfront/internal/errs"
)

var (
	errNotJSON = errs.New(errs.UnsupportedMediaType, "unsupported_media_type",
		"Send the review as JSON, with the header Content-Type: application/json.")
	errBodyTooLarge = errs.New(errs.TooLarge, "body_too_large",
		"The request body is larger than %d KiB; a review is at most 2,000 characters.", maxReviewBytes>>10)
)

// readJSONBody reads a request body of at most limit bytes that is declared
// JSON in UTF-8.
func readJSONBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	mediaType, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mediaType != "application/json" {
		return nil, errNotJSON
	}
	for name, value := range params {
		if name != "charset" || !strings.EqualFold(value, "utf-8") {
			return nil, errNotJSON
		}
	}
	if r.ContentLength > limit {
		return nil, errBodyTooLarge
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, errBodyTooLarge
	}
	if err != nil {
		return nil, errs.Wrap(errs.Invalid, "unreadable_body", err, "The request body could not be read to its end.")
	}
	return data, nil
}
