package booking

import (
	"context"
	"time"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
)

// RefundPolicy decides how much of a booking is refundable on cancellation.
type RefundPolicy interface {
	Refundable(ctx context.Context, b *domain.Booking, now time.Time) (int64, error)
}

// DeparturePolicy refunds in full until FullRefundBefore departure, then
// keeps a fee of FeeBps basis points, and nothing after departure.
type DeparturePolicy struct {
	Trips            database.Store[domain.Trip]
	FullRefundBefore time.Duration
	FeeBps           int64
}

// Refundable implements RefundPolicy.
func (p DeparturePolicy) Refundable(ctx context.Context, b *domain.Booking, now time.Time) (int64, error) {
	trip, err := p.Trips.FirstWhere(ctx, "id = ?", b.TripID)
	if err != nil {
		return 0, err
	}
	remaining := b.TotalCents - b.RefundedCents
	switch {
	case now.After(trip.DepartsAt):
		return 0, nil
	case trip.DepartsAt.Sub(now) >= p.FullRefundBefore:
		return remaining, nil
	default:
		fee := b.TotalCents * p.FeeBps / 10_000
		if fee >= remaining {
			return 0, nil
		}
		return remaining - fee, nil
	}
}
