package service

import (
	"errors"

	"github.com/ironbridge-leasing/railcars/internal/platform/ids"
)

// Validation and state errors returned to the API layer.
var (
	ErrInvalid          = errors.New("invalid request")
	ErrConflict         = errors.New("conflicting state")
	ErrKeyRequired      = errors.New("Idempotency-Key header is required")
	ErrKeyReuse         = errors.New("Idempotency-Key was used with a different request")
	ErrNoOpenPlacement  = errors.New("car has no open placement")
	ErrNoPaymentAccount = errors.New("customer has no payment account on file")
)

// ValidationError carries a message for a 422 response.
type ValidationError struct{ Msg string }

func (e *ValidationError) Error() string { return e.Msg }

// Unwrap lets callers match ErrInvalid.
func (e *ValidationError) Unwrap() error { return ErrInvalid }

func invalid(msg string) error { return &ValidationError{Msg: msg} }

func newEventID() string { return ids.New() }
