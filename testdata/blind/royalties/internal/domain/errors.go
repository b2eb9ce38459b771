package domain

import (
	"errors"
	"fmt"
)

// Sentinel errors shared across services and mapped to transport codes in
// internal/api.
var (
	ErrNotFound            = errors.New("not found")
	ErrConflict            = errors.New("conflict")
	ErrInvalid             = errors.New("invalid")
	ErrInsufficientBalance = errors.New("insufficient balance")
	ErrIdempotencyMismatch = errors.New("idempotency key reused with a different request")
	ErrInFlight            = errors.New("request with this idempotency key is still in flight")
)

// Invalid wraps ErrInvalid with a message.
func Invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// Conflict wraps ErrConflict with a message.
func Conflict(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrConflict, fmt.Sprintf(format, args...))
}

// NotFound wraps ErrNotFound with the kind and id of the missing thing.
func NotFound(kind, id string) error {
	return fmt.Errorf("%s %s: %w", kind, id, ErrNotFound)
}
