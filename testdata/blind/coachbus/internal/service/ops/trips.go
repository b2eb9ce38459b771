// Package ops implements usecase.Trips for the operations console.
package ops

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/domain"
	"github.com/northline/coachbus/internal/jobs"
)

// Enqueuer is the river surface ops needs.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// Service implements usecase.Trips.
type Service struct {
	store *db.Store
	jobs  Enqueuer
}

// New builds the service.
func New(store *db.Store, jobs Enqueuer) *Service {
	return &Service{store: store, jobs: jobs}
}

// CancelTrip cancels a scheduled departure and hands its passengers to the
// rebooking worker. Cancelling an already-cancelled trip is a no-op.
func (s *Service) CancelTrip(ctx context.Context, tripID uuid.UUID, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return fmt.Errorf("%w: a cancellation reason is required", domain.ErrInvalidInput)
	}
	n, err := s.store.CancelTrip(ctx, db.CancelTripParams{ID: tripID, Reason: &reason})
	if err != nil {
		return fmt.Errorf("cancel trip: %w", err)
	}
	if n == 0 {
		trip, err := s.store.GetTrip(ctx, tripID)
		if err != nil {
			if db.IsNotFound(err) {
				return domain.ErrNotFound
			}
			return err
		}
		if trip.Status == "cancelled" {
			return nil
		}
		return domain.ErrTripNotScheduled
	}
	if err := s.jobs.Enqueue(ctx, jobs.RebookTripArgs{TripID: tripID}, nil); err != nil {
		return fmt.Errorf("enqueue rebooking: %w", err)
	}
	return nil
}
