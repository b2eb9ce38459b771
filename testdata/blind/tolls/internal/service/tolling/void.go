package tolling

import (
	"context"
	"fmt"
	"time"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/ids"
)

// VoidTrip reverses a charged trip (a misread, a plaza outage, a customer
// complaint upheld by an agent) and credits the toll back.
func (s *Impl) VoidTrip(ctx context.Context, tripID, actor, reason string) (*domain.Trip, error) {
	trip, err := s.trips.Get(ctx, tripID)
	if err != nil {
		return nil, err
	}
	if trip.Status == domain.TripVoided {
		return trip, nil
	}
	if trip.Status != domain.TripCharged {
		return nil, fmt.Errorf("%w: only charged trips can be voided (trip is %s)", domain.ErrPrecondition, trip.Status)
	}

	credit := &domain.LedgerEntry{
		ID:          ids.New(),
		AccountID:   trip.AccountID,
		Kind:        domain.LedgerVoid,
		AmountCents: trip.AmountCents,
		Reference:   trip.ID,
		Memo:        reason,
		CreatedBy:   actor,
		CreatedAt:   time.Now().UTC(),
	}
	if err := s.ledger.Post(ctx, credit); err != nil {
		return nil, fmt.Errorf("credit voided trip %s: %w", trip.ID, err)
	}
	if err := s.trips.UpdateStatus(ctx, trip.ID, domain.TripVoided); err != nil {
		return nil, fmt.Errorf("mark trip %s voided: %w", trip.ID, err)
	}
	trip.Status = domain.TripVoided
	return trip, nil
}
