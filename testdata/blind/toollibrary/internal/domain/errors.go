package domain

import "errors"

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInvalidTransition = errors.New("invalid state transition")
	ErrNoLockerAvailable = errors.New("no locker available")
	ErrToolUnavailable   = errors.New("tool unavailable")
	ErrIdempotencyReuse  = errors.New("idempotency key reused with a different request")
	ErrPaymentDeclined   = errors.New("payment declined")
	ErrForbidden         = errors.New("forbidden")
	ErrValidation        = errors.New("validation failed")
)

// ValidationError carries a field-level message back to the API caller.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Message }

func (e *ValidationError) Unwrap() error { return ErrValidation }

func Invalid(field, msg string) error { return &ValidationError{Field: field, Message: msg} }
