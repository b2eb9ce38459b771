// Package apperr carries the error kinds the HTTP layer maps to statuses.
package apperr

import (
	"errors"
	"fmt"
)

type Kind int

const (
	KindInternal Kind = iota
	KindNotFound
	KindInvalid
	KindConflict
	KindForbidden
	KindUpstream
	KindUnprocessable
)

type Error struct {
	Kind    Kind
	Code    string
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

func NotFound(code, msg string) error { return &Error{Kind: KindNotFound, Code: code, Message: msg} }
func Invalid(code, msg string) error  { return &Error{Kind: KindInvalid, Code: code, Message: msg} }
func Conflict(code, msg string) error { return &Error{Kind: KindConflict, Code: code, Message: msg} }
func Forbidden(code, msg string) error {
	return &Error{Kind: KindForbidden, Code: code, Message: msg}
}
func Unprocessable(code, msg string) error {
	return &Error{Kind: KindUnprocessable, Code: code, Message: msg}
}

// Upstream wraps a failure from a provider (card processor, courier,
// regulator) so callers see a 502 and know it is worth retrying.
func Upstream(provider string, err error) error {
	return &Error{Kind: KindUpstream, Code: provider + "_unavailable", Message: provider + " request failed", Err: err}
}

// KindOf returns the kind of the first *Error in err's chain.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}
