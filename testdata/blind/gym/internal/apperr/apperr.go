// Package apperr holds the error kinds services return and transports map
// to status codes.
package apperr

import (
	"errors"
	"fmt"
)

var (
	ErrNotFound      = errors.New("not found")
	ErrConflict      = errors.New("conflict")
	ErrInvalid       = errors.New("invalid request")
	ErrForbidden     = errors.New("forbidden")
	ErrUnavailable   = errors.New("temporarily unavailable")
	ErrPaymentFailed = errors.New("payment failed")
)

func NotFound(what string) error      { return fmt.Errorf("%s: %w", what, ErrNotFound) }
func Conflict(msg string) error       { return fmt.Errorf("%s: %w", msg, ErrConflict) }
func Invalid(msg string) error        { return fmt.Errorf("%s: %w", msg, ErrInvalid) }
func Forbidden(msg string) error      { return fmt.Errorf("%s: %w", msg, ErrForbidden) }
func PaymentFailed(code string) error { return fmt.Errorf("%s: %w", code, ErrPaymentFailed) }
func Unavailable(msg string) error    { return fmt.Errorf("%s: %w", msg, ErrUnavailable) }
