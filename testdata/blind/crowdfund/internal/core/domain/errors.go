package domain

import (
	"errors"
	"fmt"
)

var (
	ErrNotFound       = errors.New("not found")
	ErrConflict       = errors.New("conflict")
	ErrInvalid        = errors.New("invalid request")
	ErrForbidden      = errors.New("forbidden")
	ErrSoldOut        = errors.New("reward tier sold out")
	ErrInvalidState   = errors.New("invalid state")
	ErrKeyRequired    = errors.New("idempotency key required")
	ErrPaymentFailed  = errors.New("payment failed")
	ErrProviderFailed = errors.New("provider request failed")
)

// ValidationError carries a field-level message back to API clients.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("%s: %s", e.Field, e.Message)
}

func (e *ValidationError) Unwrap() error { return ErrInvalid }

func Invalid(field, msg string) error {
	return &ValidationError{Field: field, Message: msg}
}

// StateError reports that an entity is not in a state that allows the
// requested transition.
type StateError struct {
	Entity string
	State  string
	Want   string
}

func (e *StateError) Error() string {
	return fmt.Sprintf("%s is %s, want %s", e.Entity, e.State, e.Want)
}

func (e *StateError) Unwrap() error { return ErrInvalidState }
