// Package apperr holds the sentinel errors services return and the HTTP
// layer maps to status codes.
package apperr

import "errors"

var (
	ErrNotFound      = errors.New("not found")
	ErrForbidden     = errors.New("forbidden")
	ErrConflict      = errors.New("conflict")
	ErrInvalid       = errors.New("invalid request")
	ErrPaymentFailed = errors.New("payment failed")
)

// Invalid wraps ErrInvalid with a message shown to the client.
func Invalid(msg string) error { return &withMsg{msg: msg, kind: ErrInvalid} }

// Conflict wraps ErrConflict with a message shown to the client.
func Conflict(msg string) error { return &withMsg{msg: msg, kind: ErrConflict} }

type withMsg struct {
	msg  string
	kind error
}

func (e *withMsg) Error() string { return e.msg }
func (e *withMsg) Unwrap() error { return e.kind }
