// Package errs gives errors a kind that the HTTP layer maps to a status in one
// table, and a message written for the person who reads it. Internal details
// stay in wrapped errors and go to the log, never to a client.
package errs

import (
	"errors"
	"fmt"
)

// Kind says what went wrong, independent of the transport.
type Kind int

// The kinds of error the API can report.
const (
	Internal Kind = iota
	Invalid
	NotFound
	Conflict
	TooLarge
	UnsupportedMediaType
	Unauthorized
	Forbidden
	TooManyRequests
	Unavailable
)

// InternalMessage is what a client is told of a failure on the server's
// side, whose cause only the log holds.
const InternalMessage = "Something went wrong on our side. Please try again."

// Error is an error a client may see: a kind, a stable machine-readable code
// and a message for a person.
type Error struct {
	Kind    Kind
	Code    string
	Message string
	// Err is the underlying cause; it is logged, never shown.
	Err error
}

// Error is what a log reads: the code and the cause when there is one, so
// that the line says what broke rather than what the client was told. The
// client's sentence is Message, which the HTTP layer writes alone.
func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Err.Error()
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// New returns an error of the given kind and code.
func New(kind Kind, code, format string, args ...any) *Error {
	return &Error{Kind: kind, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an error of the given kind whose cause is err.
func Wrap(kind Kind, code string, err error, message string) *Error {
	return &Error{Kind: kind, Code: code, Message: message, Err: err}
}

// Invalid reports bad input.
func Invalidf(code, format string, args ...any) *Error {
	return New(Invalid, code, format, args...)
}

// NotFoundf reports something that does not exist.
func NotFoundf(code, format string, args ...any) *Error {
	return New(NotFound, code, format, args...)
}

// KindOf returns the kind of the first *Error in err's chain, Internal if none.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return Internal
}

// ErrNotFound is returned by stores when a row does not exist; callers turn it
// into an *Error that names the missing thing.
var ErrNotFound = errors.New("not found")
