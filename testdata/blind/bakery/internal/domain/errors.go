// Package domain holds the bakery's core types and error vocabulary.
package domain

import "fmt"

// ErrorKind classifies domain errors so transports can map them.
type ErrorKind string

const (
	KindInvalid      ErrorKind = "invalid"
	KindNotFound     ErrorKind = "not_found"
	KindConflict     ErrorKind = "conflict"
	KindUnauthorized ErrorKind = "unauthorized"
)

// Error is a classified domain error.
type Error struct {
	Kind ErrorKind
	Msg  string
}

func (e *Error) Error() string { return string(e.Kind) + ": " + e.Msg }

// Invalid builds a validation error.
func Invalid(format string, args ...any) error {
	return &Error{Kind: KindInvalid, Msg: fmt.Sprintf(format, args...)}
}

// NotFound builds a not-found error.
func NotFound(format string, args ...any) error {
	return &Error{Kind: KindNotFound, Msg: fmt.Sprintf(format, args...)}
}

// Conflict builds a state-conflict error.
func Conflict(format string, args ...any) error {
	return &Error{Kind: KindConflict, Msg: fmt.Sprintf(format, args...)}
}

// Unauthorized builds an authentication error.
func Unauthorized(format string, args ...any) error {
	return &Error{Kind: KindUnauthorized, Msg: fmt.Sprintf(format, args...)}
}
