// Package apperr defines the small set of domain error categories that
// transports (gRPC, HTTP webhooks, job workers) translate into their own
// status vocabularies.
package apperr

import (
	"errors"
	"fmt"
)

// Kind classifies a domain error.
type Kind int

const (
	KindInternal Kind = iota
	KindNotFound
	KindInvalid
	KindConflict
	KindPrecondition
	KindUnauthenticated
)

// Error is a categorised domain error.
type Error struct {
	Kind Kind
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Msg + ": " + e.Err.Error()
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

func newf(k Kind, format string, args ...any) error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

// NotFound reports a missing entity.
func NotFound(format string, args ...any) error { return newf(KindNotFound, format, args...) }

// Invalid reports a malformed request.
func Invalid(format string, args ...any) error { return newf(KindInvalid, format, args...) }

// Conflict reports a request that collides with existing state.
func Conflict(format string, args ...any) error { return newf(KindConflict, format, args...) }

// Precondition reports a request that is not allowed in the current state.
func Precondition(format string, args ...any) error {
	return newf(KindPrecondition, format, args...)
}

// Unauthenticated reports a missing or bad credential.
func Unauthenticated(format string, args ...any) error {
	return newf(KindUnauthenticated, format, args...)
}

// KindOf returns the category of err, KindInternal when err is not an *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}

// Is reports whether err is an *Error of kind k.
func Is(err error, k Kind) bool {
	return err != nil && KindOf(err) == k
}
