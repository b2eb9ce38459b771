// Package apperr defines the error categories shared by services and
// translated to transport status codes at the edges.
package apperr

import (
	"errors"
	"fmt"
)

var (
	ErrNotFound   = errors.New("not found")
	ErrConflict   = errors.New("conflict")
	ErrInvalid    = errors.New("invalid request")
	ErrForbidden  = errors.New("forbidden")
	ErrUpstream   = errors.New("upstream provider error")
	ErrPrecondMet = errors.New("precondition failed")
)

// Invalidf wraps ErrInvalid with a formatted detail message.
func Invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// Conflictf wraps ErrConflict with a formatted detail message.
func Conflictf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrConflict, fmt.Sprintf(format, args...))
}

// NotFoundf wraps ErrNotFound with a formatted detail message.
func NotFoundf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrNotFound, fmt.Sprintf(format, args...))
}
