// Package domain holds the entities and value types of the pre-order
// service. It has no dependencies on storage or providers.
package domain

import "errors"

var (
	ErrNotFound       = errors.New("not found")
	ErrConflict       = errors.New("conflict")
	ErrInvalid        = errors.New("invalid request")
	ErrNotRefundable  = errors.New("item is not refundable")
	ErrSoldOut        = errors.New("product sold out")
	ErrKeyReused      = errors.New("idempotency key reused with a different request")
	ErrProviderFailed = errors.New("provider rejected the request")
)

// ValidationError wraps ErrInvalid with a field-level message.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Reason }

func (e *ValidationError) Unwrap() error { return ErrInvalid }

// Invalid builds a ValidationError.
func Invalid(field, reason string) error { return &ValidationError{Field: field, Reason: reason} }
