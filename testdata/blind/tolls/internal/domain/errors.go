package domain

import "errors"

var (
	// ErrNotFound is returned when an entity does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict is returned when an operation conflicts with current state.
	ErrConflict = errors.New("conflict")
	// ErrInvalid is returned for invalid input.
	ErrInvalid = errors.New("invalid argument")
	// ErrPrecondition is returned when the entity is in the wrong state.
	ErrPrecondition = errors.New("failed precondition")
	// ErrPaymentDeclined is returned when the gateway refuses a charge.
	ErrPaymentDeclined = errors.New("payment declined")
)
