// Package domain holds the billing model shared by services and repositories.
package domain

import "errors"

var (
	ErrNotFound        = errors.New("not found")
	ErrConflict        = errors.New("conflict")
	ErrInvalidState    = errors.New("invalid state")
	ErrInsufficient    = errors.New("insufficient funds")
	ErrAdvertiserClose = errors.New("advertiser is closed")
)

// ValidationError is returned for malformed input.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Reason }

// Invalid builds a ValidationError.
func Invalid(field, reason string) error { return &ValidationError{Field: field, Reason: reason} }
