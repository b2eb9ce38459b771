// Package domain holds the entities and errors shared by every layer.
package domain

import "errors"

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInvalidState      = errors.New("invalid state transition")
	ErrValidation        = errors.New("validation failed")
	ErrUnbalancedJournal = errors.New("journal does not balance")
	ErrInsufficientFunds = errors.New("insufficient trust funds for settlement")
)

// ValidationError carries a field-level message and wraps ErrValidation.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Message }
func (e *ValidationError) Unwrap() error { return ErrValidation }

// Invalid is shorthand for a *ValidationError.
func Invalid(field, msg string) error { return &ValidationError{Field: field, Message: msg} }
