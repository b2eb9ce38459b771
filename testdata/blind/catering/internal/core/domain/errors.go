package domain

import (
	"errors"
	"fmt"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrInvalidState = errors.New("invalid state")
	ErrValidation   = errors.New("validation failed")
	ErrUpstream     = errors.New("upstream provider error")
)

// ValidationError carries the offending field so handlers can echo it back.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("%s: %s", e.Field, e.Reason)
}

func (e *ValidationError) Unwrap() error { return ErrValidation }

// Invalid builds a ValidationError.
func Invalid(field, reason string) error {
	return &ValidationError{Field: field, Reason: reason}
}

// StateError describes a transition that the aggregate refuses.
type StateError struct {
	Entity string
	From   string
	To     string
}

func (e *StateError) Error() string {
	return fmt.Sprintf("%s cannot move from %q to %q", e.Entity, e.From, e.To)
}

func (e *StateError) Unwrap() error { return ErrInvalidState }
