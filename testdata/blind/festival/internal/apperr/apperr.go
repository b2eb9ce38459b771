// Package apperr holds the error kinds services return and transports map
// to status codes.
package apperr

import (
	"errors"
	"fmt"
)

type Kind int

const (
	KindInternal Kind = iota
	KindNotFound
	KindConflict
	KindInvalid
	KindForbidden
	KindUnprocessable
)

type Error struct {
	Kind Kind
	Code string
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Msg) }

func NotFound(code, format string, args ...any) error {
	return &Error{Kind: KindNotFound, Code: code, Msg: fmt.Sprintf(format, args...)}
}

func Conflict(code, format string, args ...any) error {
	return &Error{Kind: KindConflict, Code: code, Msg: fmt.Sprintf(format, args...)}
}

func Invalid(code, format string, args ...any) error {
	return &Error{Kind: KindInvalid, Code: code, Msg: fmt.Sprintf(format, args...)}
}

func Forbidden(code, format string, args ...any) error {
	return &Error{Kind: KindForbidden, Code: code, Msg: fmt.Sprintf(format, args...)}
}

func Unprocessable(code, format string, args ...any) error {
	return &Error{Kind: KindUnprocessable, Code: code, Msg: fmt.Sprintf(format, args...)}
}

// KindOf returns the kind of err, KindInternal when err is not an *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}
