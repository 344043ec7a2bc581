package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"knitfront/internal/errs"
	"knitfront/internal/reviews"
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

// retryUnavailableSeconds is the Retry-After of a 503: long enough for a
// database that was slow to catch up, short enough for a shopper's retry.
const retryUnavailableSeconds = "5"

// errDeadline answers a request whose work ran past its deadline.
var errDeadline = errs.New(errs.Unavailable, "timeout",
	"The shop is slow to answer right now. Please try again in a few seconds.")

// writeError answers with the JSON error shape. Errors without a kind are
// internal: the client gets a generic message, the log gets the cause; but
// work cut off by the request's deadline is a 503 the client may retry. A
// limit's refusal (a reviews.RetryAfterError in err) says when to retry.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	e := clientError(r, err)
	status := statusOf[e.Kind]
	var retry *reviews.RetryAfterError
	switch {
	case status == http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", retryUnavailableSeconds)
	case errors.As(err, &retry):
		w.Header().Set("Retry-After", strconv.Itoa(retry.Seconds()))
	}
	if status >= 500 {
		log.ErrorContext(r.Context(), "request failed", "request_id", requestIDOf(w),
			"method", r.Method, "path", r.URL.Path, "code", e.Code, "err", err)
	}
	writeErrorStatus(w, status, e.Code, e.Message)
}

// clientError is the error r's client is told of: err's own when it has a
// kind other than Internal, errDeadline's when the request's deadline cut the
// work off, else the internal one.
func clientError(r *http.Request, err error) *errs.Error {
	var e *errs.Error
	known := errors.As(err, &e)
	switch {
	case known && e.Kind != errs.Internal:
		return e
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(r.Context().Err(), context.DeadlineExceeded):
		return errs.Wrap(errs.Unavailable, errDeadline.Code, err, errDeadline.Message)
	case known:
		return e
	default:
		return errs.Wrap(errs.Internal, "internal", err, errs.InternalMessage)
	}
}

func writeErrorStatus(w http.ResponseWriter, status int, code, message string) {
	h := w.Header()
	h["Content-Type"] = jsonContentType
	h["X-Content-Type-Options"] = noSniff
	h.Set("Cache-Control", "no-store")
	h.Del("ETag")
	w.WriteHeader(status)
	_ = jsonEncoder(w).Encode(errorBody{errorDetail{Code: code, Message: message}})
}
