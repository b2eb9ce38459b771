// Package service holds the business logic. Services are built from
// repositories and provider clients in cmd/*/main.go and exposed as
// interfaces to the API, worker and consumer layers.
package service

import (
	"errors"
	"fmt"

	"github.com/haulright/movers/internal/repository"
)

var (
	ErrNotFound         = errors.New("not found")
	ErrInvalid          = errors.New("invalid request")
	ErrConflict         = errors.New("conflict")
	ErrQuoteExpired     = errors.New("quote has expired")
	ErrBookingClosed    = errors.New("booking is no longer active")
	ErrCrewUnavailable  = errors.New("crew member unavailable on that date")
	ErrNoCardOnFile     = errors.New("customer has no card on file")
	ErrPaymentDeclined  = errors.New("payment declined")
	ErrClaimClosed      = errors.New("claim is closed")
	ErrIdempotencyKey   = errors.New("Idempotency-Key header is required")
	ErrNoTruckOnBooking = errors.New("booking has no active truck reservation")
)

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// notFound maps repository misses to the service error.
func notFound(err error, what string) error {
	if errors.Is(err, repository.ErrNotFound) {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return err
}
