// Package apperr defines the small set of error kinds services return so that
// transports can map them without knowing the domain.
package apperr

import (
	"errors"
	"fmt"
)

// Kind classifies an application error.
type Kind int

const (
	KindInternal Kind = iota
	KindNotFound
	KindInvalid
	KindConflict
	KindUnprocessable
)

// Error is an application error with a kind and a user-safe message.
type Error struct {
	Kind    Kind
	Message string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.Err)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// NotFound returns a KindNotFound error.
func NotFound(format string, args ...any) error {
	return &Error{Kind: KindNotFound, Message: fmt.Sprintf(format, args...)}
}

// Invalid returns a KindInvalid error.
func Invalid(format string, args ...any) error {
	return &Error{Kind: KindInvalid, Message: fmt.Sprintf(format, args...)}
}

// Conflict returns a KindConflict error.
func Conflict(format string, args ...any) error {
	return &Error{Kind: KindConflict, Message: fmt.Sprintf(format, args...)}
}

// Unprocessable returns a KindUnprocessable error.
func Unprocessable(format string, args ...any) error {
	return &Error{Kind: KindUnprocessable, Message: fmt.Sprintf(format, args...)}
}

// KindOf returns the kind of err, or KindInternal.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}
