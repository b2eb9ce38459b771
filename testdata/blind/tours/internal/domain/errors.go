package domain

import "errors"

var (
	// ErrNotFound is returned when an aggregate does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict is returned when a write collides with an existing row.
	ErrConflict = errors.New("conflict")
	// ErrInvalidState is returned when an operation is not allowed in the
	// aggregate's current state.
	ErrInvalidState = errors.New("invalid state")
	// ErrValidation is returned for malformed input.
	ErrValidation = errors.New("validation failed")
	// ErrSoldOut is returned when a departure has too few seats left.
	ErrSoldOut = errors.New("departure sold out")
	// ErrPaymentDeclined is returned when the card issuer declines a charge.
	ErrPaymentDeclined = errors.New("payment declined")
)

// ValidationError carries a field-level message and unwraps to ErrValidation.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Message }

func (e *ValidationError) Unwrap() error { return ErrValidation }

// Invalid is shorthand for constructing a ValidationError.
func Invalid(field, msg string) error {
	return &ValidationError{Field: field, Message: msg}
}
