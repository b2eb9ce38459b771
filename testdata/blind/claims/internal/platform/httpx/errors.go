package httpx

import (
	"errors"
	"fmt"
	"net/http"
)

// Error is an error with an HTTP status and a stable machine-readable code.
type Error struct {
	Status  int
	Code    string
	Message string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// BadRequest builds a 400.
func BadRequest(msg string, args ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "bad_request", Message: fmt.Sprintf(msg, args...)}
}

// ErrorMapping maps a domain sentinel error to an HTTP status.
type ErrorMapping struct {
	Target error
	Status int
	Code   string
}

// ErrorMapper converts errors returned by typed handlers into *Error values.
type ErrorMapper struct {
	table []ErrorMapping
}

// NewErrorMapper builds a mapper from a registration table.
func NewErrorMapper(table ...ErrorMapping) *ErrorMapper {
	return &ErrorMapper{table: table}
}

// Map returns the HTTP representation of err.
func (m *ErrorMapper) Map(err error) *Error {
	var he *Error
	if errors.As(err, &he) {
		return he
	}
	for _, row := range m.table {
		if errors.Is(err, row.Target) {
			return &Error{Status: row.Status, Code: row.Code, Message: err.Error(), Err: err}
		}
	}
	return &Error{Status: http.StatusInternalServerError, Code: "internal", Message: "internal error", Err: err}
}
