// Package domain holds cross-cutting domain errors and small value types.
package domain

import "errors"

var (
	// ErrNotFound means the addressed entity does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict means the entity is not in a state that allows the
	// operation.
	ErrConflict = errors.New("conflict")
	// ErrInvalid means the input failed validation.
	ErrInvalid = errors.New("invalid input")
)
