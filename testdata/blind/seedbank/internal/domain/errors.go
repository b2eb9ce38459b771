// Package domain holds the persistent model of the seed library.
package domain

import "errors"

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInsufficientStock = errors.New("insufficient packets in stock")
	ErrInvalidState      = errors.New("invalid state for this operation")
	ErrForbidden         = errors.New("forbidden")
	ErrValidation        = errors.New("validation failed")
)
