// Package service holds the application services behind the HTTP handlers,
// webhook receivers, River workers and the registry subscriber.
package service

import (
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
)

// notFound maps repository misses to the domain error.
func notFound(what string, err error) error {
	if errors.Is(err, dbx.ErrNotFound) {
		return fmt.Errorf("%s: %w", what, permits.ErrNotFound)
	}
	return err
}

func ownedBy(app *permits.Application, residentID uuid.UUID) error {
	if app.ResidentID != residentID {
		return permits.ErrForbidden
	}
	return nil
}

func validation(format string, args ...any) error {
	return fmt.Errorf("%w: %s", permits.ErrValidation, fmt.Sprintf(format, args...))
}

// FeeSchedule is the application fee per permit kind, in cents.
type FeeSchedule map[permits.Kind]int64

// DefaultFeeSchedule is the council-approved schedule for the current year.
var DefaultFeeSchedule = FeeSchedule{
	permits.KindBuilding: 25000,
	permits.KindParking:  4500,
	permits.KindEvent:    12000,
}

// For returns the fee for an application.
func (f FeeSchedule) For(app *permits.Application) int64 {
	return f[app.Kind]
}
