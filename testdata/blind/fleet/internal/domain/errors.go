// Package domain holds the types shared by the fleet services, the
// repositories and the transports.
package domain

import "errors"

var (
	// ErrNotFound means the addressed record does not exist.
	ErrNotFound = errors.New("not found")
	// ErrInvalidState means the record exists but is in a state that does
	// not allow the requested operation.
	ErrInvalidState = errors.New("invalid state")
	// ErrForbidden means the caller may not act on the record.
	ErrForbidden = errors.New("forbidden")
	// ErrInvalidInput means the request was malformed.
	ErrInvalidInput = errors.New("invalid input")
)
