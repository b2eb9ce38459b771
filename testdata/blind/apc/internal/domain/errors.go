package domain

import (
	"errors"
	"fmt"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInvalid           = errors.New("invalid request")
	ErrNotPayable        = errors.New("invoice is not payable")
	ErrInsufficientFunds = errors.New("agreement balance is insufficient")
	ErrAgreementInactive = errors.New("agreement does not cover this invoice")
	ErrKeyReuse          = errors.New("idempotency key reused with a different request")
)

// ValidationError wraps ErrInvalid with a field name.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("%s: %s", e.Field, e.Message)
}

func (e *ValidationError) Unwrap() error { return ErrInvalid }

// Invalid builds a ValidationError.
func Invalid(field, format string, args ...any) error {
	return &ValidationError{Field: field, Message: fmt.Sprintf(format, args...)}
}
