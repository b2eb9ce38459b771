package httpx

import (
	"errors"
	"fmt"
	"net/http"
)

// Error is an error that carries an HTTP status and a stable machine code.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	cause   error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.cause)
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.cause }

// Common domain errors. Services return these (wrapped or bare) and the
// adapter maps them to responses.
var (
	ErrNotFound   = &Error{Status: http.StatusNotFound, Code: "not_found", Message: "resource not found"}
	ErrConflict   = &Error{Status: http.StatusConflict, Code: "conflict", Message: "resource is in a conflicting state"}
	ErrBadRequest = &Error{Status: http.StatusBadRequest, Code: "bad_request", Message: "request is invalid"}
	ErrForbidden  = &Error{Status: http.StatusForbidden, Code: "forbidden", Message: "not allowed"}
)

// NotFound builds a 404 with a message.
func NotFound(format string, args ...any) error {
	return &Error{Status: http.StatusNotFound, Code: "not_found", Message: fmt.Sprintf(format, args...)}
}

// Conflict builds a 409 with a message.
func Conflict(format string, args ...any) error {
	return &Error{Status: http.StatusConflict, Code: "conflict", Message: fmt.Sprintf(format, args...)}
}

// Invalid builds a 400 with a message.
func Invalid(format string, args ...any) error {
	return &Error{Status: http.StatusBadRequest, Code: "invalid", Message: fmt.Sprintf(format, args...)}
}

// Unauthorized builds a 401.
func Unauthorized(msg string) error {
	return &Error{Status: http.StatusUnauthorized, Code: "unauthorized", Message: msg}
}

// Wrap attaches a cause to a typed error.
func Wrap(e *Error, cause error) error {
	cp := *e
	cp.cause = cause
	return &cp
}

func statusOf(err error) (*Error, bool) {
	var he *Error
	if errors.As(err, &he) {
		return he, true
	}
	return nil, false
}
