package service

import (
	"errors"
	"fmt"

	"github.com/saltline-charters/charterhub/internal/lookup"
	"github.com/saltline-charters/charterhub/internal/store"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrInvalid      = errors.New("invalid argument")
	ErrPrecondition = errors.New("failed precondition")
	ErrDeclined     = errors.New("payment declined")
)

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

func precondition(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrPrecondition, fmt.Sprintf(format, args...))
}

// notFound translates the driver's and the lookup cache's missing-row
// errors into ErrNotFound and leaves everything else alone.
func notFound(what string, err error) error {
	if err == nil {
		return nil
	}
	if store.IsNotFound(err) || errors.Is(err, lookup.ErrUnknown) {
		return fmt.Errorf("%w: %s", ErrNotFound, what)
	}
	return fmt.Errorf("%s: %w", what, err)
}
