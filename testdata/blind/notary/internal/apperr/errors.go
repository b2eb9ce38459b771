// Package apperr defines the error vocabulary shared by services and the
// HTTP layer. Services wrap these sentinels; the adapter in httpx maps them
// onto status codes.
package apperr

import (
	"errors"
	"fmt"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrInvalid      = errors.New("invalid request")
	ErrForbidden    = errors.New("forbidden")
	ErrUnauthorized = errors.New("unauthorized")
	ErrUpstream     = errors.New("upstream provider error")
)

// Error carries a sentinel kind plus a message that is safe to show to API
// callers.
type Error struct {
	Kind    error
	Message string
	Cause   error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.Cause)
	}
	return e.Message
}

func (e *Error) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Kind, e.Cause}
	}
	return []error{e.Kind}
}

func NotFound(format string, args ...any) error {
	return &Error{Kind: ErrNotFound, Message: fmt.Sprintf(format, args...)}
}

func Conflict(format string, args ...any) error {
	return &Error{Kind: ErrConflict, Message: fmt.Sprintf(format, args...)}
}

func Invalid(format string, args ...any) error {
	return &Error{Kind: ErrInvalid, Message: fmt.Sprintf(format, args...)}
}

func Forbidden(format string, args ...any) error {
	return &Error{Kind: ErrForbidden, Message: fmt.Sprintf(format, args...)}
}

func Upstream(provider string, cause error) error {
	return &Error{Kind: ErrUpstream, Message: provider + " request failed", Cause: cause}
}
