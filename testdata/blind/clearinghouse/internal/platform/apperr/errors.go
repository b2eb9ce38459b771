// Package apperr defines error kinds that the transport layers translate.
package apperr

import (
	"errors"
	"fmt"
)

// Kind classifies an error for transport mapping.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindNotFound
	KindConflict
	KindUnprocessable
	KindUpstream
)

// Error is a classified application error.
type Error struct {
	Kind Kind
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Msg, e.Err)
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

func newErr(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

func Invalid(format string, args ...any) error  { return newErr(KindInvalid, format, args...) }
func NotFound(format string, args ...any) error { return newErr(KindNotFound, format, args...) }
func Conflict(format string, args ...any) error { return newErr(KindConflict, format, args...) }
func Unprocessable(format string, args ...any) error {
	return newErr(KindUnprocessable, format, args...)
}

// Upstream wraps a failure from a payer, payment or messaging provider.
func Upstream(err error, format string, args ...any) error {
	e := newErr(KindUpstream, format, args...)
	e.Err = err
	return e
}

// KindOf returns the kind of err, KindInternal when unclassified.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}
