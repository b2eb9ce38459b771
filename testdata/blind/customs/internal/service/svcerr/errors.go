// Package svcerr defines the error categories services return to transports.
package svcerr

import (
	"errors"
	"fmt"

	"github.com/harborline/brokerage/internal/repository"
)

var (
	ErrNotFound   = errors.New("not found")
	ErrInvalid    = errors.New("invalid request")
	ErrConflict   = errors.New("conflict")
	ErrKeyReused  = errors.New("idempotency key reused with a different request")
	ErrInProgress = errors.New("request with this idempotency key is in progress")
)

// Invalid wraps a validation message.
func Invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// Conflict wraps a state conflict message.
func Conflict(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrConflict, fmt.Sprintf(format, args...))
}

// FromRepo maps repository errors onto service errors.
func FromRepo(err error) error {
	if errors.Is(err, repository.ErrNotFound) {
		return ErrNotFound
	}
	return err
}
