package httpx

import (
	"errors"
	"fmt"
	"net/http"
)

// Error is an error that carries an HTTP status.
type Error struct {
	Status int
	Code   string
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Msg) }

// BadRequest returns a 400 error.
func BadRequest(format string, a ...any) error {
	return &Error{Status: http.StatusBadRequest, Code: "bad_request", Msg: fmt.Sprintf(format, a...)}
}

// Conflict returns a 409 error.
func Conflict(format string, a ...any) error {
	return &Error{Status: http.StatusConflict, Code: "conflict", Msg: fmt.Sprintf(format, a...)}
}

// NotFound returns a 404 error.
func NotFound(format string, a ...any) error {
	return &Error{Status: http.StatusNotFound, Code: "not_found", Msg: fmt.Sprintf(format, a...)}
}

// Unprocessable returns a 422 error.
func Unprocessable(format string, a ...any) error {
	return &Error{Status: http.StatusUnprocessableEntity, Code: "unprocessable", Msg: fmt.Sprintf(format, a...)}
}

// StatusOf returns the HTTP status for err.
func StatusOf(err error) (int, string) {
	var he *Error
	if errors.As(err, &he) {
		return he.Status, he.Code
	}
	return http.StatusInternalServerError, "internal"
}
