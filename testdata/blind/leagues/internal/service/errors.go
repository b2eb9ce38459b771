// Package service holds the application services the HTTP handlers and the
// task handlers call. Services depend on repository and provider interfaces
// only; wiring happens in internal/di.
package service

import (
	"errors"
	"fmt"
)

var (
	// ErrNotFound means the addressed resource does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict means the request conflicts with existing state.
	ErrConflict = errors.New("conflict")
	// ErrInvalidState means the resource is not in a state that allows the operation.
	ErrInvalidState = errors.New("invalid state")
	// ErrDivisionFull means no seats remain; the caller should offer the waitlist.
	ErrDivisionFull = errors.New("division is full")
	// ErrPaymentDeclined means the processor refused the payment.
	ErrPaymentDeclined = errors.New("payment declined")
	// ErrStillPending means a provider has not reached a final state yet.
	ErrStillPending = errors.New("still pending")
)

// ValidationError reports bad input.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return fmt.Sprintf("%s: %s", e.Field, e.Message) }

func invalid(field, msg string) error { return &ValidationError{Field: field, Message: msg} }
