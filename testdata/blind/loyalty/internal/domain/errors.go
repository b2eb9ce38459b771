// Package domain holds types and rules shared by the loyalty services.
package domain

import "errors"

var (
	ErrNotFound            = errors.New("not found")
	ErrInsufficientPoints  = errors.New("insufficient points")
	ErrIdempotencyMismatch = errors.New("idempotency key reused with a different request")
	ErrInvalidState        = errors.New("invalid state for operation")
	ErrValidation          = errors.New("validation failed")
)
