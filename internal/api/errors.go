package api

import (
	"errors"
	"log/slog"
	"net/http"

	"knitfront/internal/errs"
)

// statusOf is the one table that turns an error's kind into an HTTP status.
var statusOf = map[errs.Kind]int{
	errs.Internal:             http.StatusInternalServerError,
	errs.Invalid:              http.StatusBadRequest,
	errs.NotFound:             http.StatusNotFound,
	errs.Conflict:             http.StatusConflict,
	errs.TooLarge:             http.StatusRequestEntityTooLarge,
	errs.UnsupportedMediaType: http.StatusUnsupportedMediaType,
	errs.Unauthorized:         http.StatusUnauthorized,
	errs.Forbidden:            http.StatusForbidden,
	errs.TooManyRequests:      http.StatusTooManyRequests,
	errs.Unavailable:          http.StatusServiceUnavailable,
}

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// writeError answers with the JSON error shape. Errors without a kind are
// internal: the client gets a generic message, the log gets the cause.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	var e *errs.Error
	if !errors.As(err, &e) {
		e = &errs.Error{Kind: errs.Internal, Code: "internal", Message: "Something went wrong on our side. Please try again.", Err: err}
	}
	status := statusOf[e.Kind]
	if status >= 500 {
		log.ErrorContext(r.Context(), "request failed", "request_id", requestIDOf(w),
			"method", r.Method, "path", r.URL.Path, "code", e.Code, "err", err)
	}
	writeErrorStatus(w, status, e.Code, e.Message)
}

func writeErrorStatus(w http.ResponseWriter, status int, code, message string) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Del("ETag")
	w.WriteHeader(status)
	_ = jsonEncoder(w).Encode(errorBody{errorDetail{Code: code, Message: message}})
}
