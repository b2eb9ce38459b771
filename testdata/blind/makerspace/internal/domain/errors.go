// Package domain holds the entities and errors shared by services and repositories.
package domain

import (
	"errors"
	"fmt"
)

var (
	ErrNotFound           = errors.New("not found")
	ErrConflict           = errors.New("conflict")
	ErrInsufficientCredit = errors.New("insufficient hour credits")
	ErrNotCertified       = errors.New("member is not certified for this equipment")
	ErrMemberInactive     = errors.New("member is not active")
	ErrSlotTaken          = errors.New("machine is already booked for that time")
	ErrOutOfStock         = errors.New("material pack out of stock")
	ErrIdempotencyReuse   = errors.New("idempotency key reused with a different request")
	ErrPaymentDeclined    = errors.New("payment declined")
)

// ValidationError reports a bad input field.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("%s: %s", e.Field, e.Message)
}

// Invalid builds a ValidationError.
func Invalid(field, format string, args ...any) error {
	return &ValidationError{Field: field, Message: fmt.Sprintf(format, args...)}
}
