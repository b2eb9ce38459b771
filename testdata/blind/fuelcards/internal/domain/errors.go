package domain

import "errors"

var (
	// ErrNotFound is returned when a row the caller asked for does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict is returned when the requested transition does not apply to the
	// current state.
	ErrConflict = errors.New("conflict")
	// ErrInvalid wraps validation failures on inbound commands.
	ErrInvalid = errors.New("invalid request")
	// ErrHoldNotActive is returned when releasing a hold that is already released.
	ErrHoldNotActive = errors.New("fraud hold is not active")
	// ErrCardNotUsable is returned when a card operation needs an active card.
	ErrCardNotUsable = errors.New("card is not in a usable state")
)

// ValidationError carries the field that failed validation.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Message }

func (e *ValidationError) Unwrap() error { return ErrInvalid }

// Invalid builds a ValidationError.
func Invalid(field, msg string) error { return &ValidationError{Field: field, Message: msg} }
