// Package domain holds the load board's core types and rules. It has no
// dependencies on storage, transport or providers.
package domain

import (
	"errors"
	"fmt"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInvalidTransition = errors.New("invalid status transition")
	ErrForbidden         = errors.New("forbidden")
)

// ValidationError describes a rejected input field.
type ValidationError struct {
	Field  string
	Reason string
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("%s: %s", e.Field, e.Reason)
}

// Invalid is shorthand for a *ValidationError.
func Invalid(field, reason string) error {
	return &ValidationError{Field: field, Reason: reason}
}

// TransitionError reports an attempted move from one status to another.
type TransitionError struct {
	Entity string
	ID     string
	From   string
	To     string
}

func (e *TransitionError) Error() string {
	return fmt.Sprintf("%s %s: cannot move from %q to %q", e.Entity, e.ID, e.From, e.To)
}

func (e *TransitionError) Unwrap() error { return ErrInvalidTransition }
