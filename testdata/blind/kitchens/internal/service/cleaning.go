package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/provider/cleaning"
	"github.com/hearthkit/commissary/internal/repository"
)

const (
	turnoverWindow  = 3 * time.Hour
	turnoverLevel   = "commercial_turnover"
	deepCleanLevel  = "commercial_deep"
	minDeepCleanLen = 2 * time.Hour
)

type cleaningService struct {
	store repository.Store
	crew  CleaningCrew
	now   Clock
}

// NewCleaningService builds the cleaning dispatch service.
func NewCleaningService(store repository.Store, crew CleaningCrew) CleaningService {
	return &cleaningService{store: store, crew: crew, now: SystemClock}
}

func siteRequest(k *domain.Kitchen, level string, start, end time.Time, notes string) cleaning.DispatchRequest {
	return cleaning.DispatchRequest{
		SiteName:     k.Name,
		Address:      k.AddressLine,
		City:         k.City,
		PostalCode:   k.PostalCode,
		AccessNotes:  k.AccessNotes,
		ServiceLevel: level,
		WindowStart:  start,
		WindowEnd:    end,
		Notes:        notes,
	}
}

// DispatchTurnover books the turnover clean after a renter checks out.
func (s *cleaningService) DispatchTurnover(ctx context.Context, bookingID string) error {
	existing, err := s.store.Cleaning().TurnoverForBooking(ctx, bookingID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	if existing != nil {
		return nil
	}
	b, err := s.store.Bookings().Get(ctx, bookingID)
	if err != nil {
		return err
	}
	k, err := s.store.Kitchens().Get(ctx, b.KitchenID)
	if err != nil {
		return err
	}
	start := s.now()
	if b.CheckedOutAt != nil && b.CheckedOutAt.After(start) {
		start = *b.CheckedOutAt
	}
	job, err := s.crew.DispatchCrew(ctx, siteRequest(k, turnoverLevel, start, start.Add(turnoverWindow),
		fmt.Sprintf("Turnover after booking %s", b.ID[:8])))
	if err != nil {
		return fmt.Errorf("dispatch turnover crew: %w", err)
	}
	return s.store.Cleaning().Insert(ctx, &domain.CleaningJob{
		ID:           uuid.NewString(),
		KitchenID:    k.ID,
		BookingID:    &b.ID,
		PartnerJobID: job.ID,
		Kind:         domain.CleaningTurnover,
		Status:       domain.CleaningDispatched,
		ScheduledFor: job.WindowStart,
	})
}

// RequestDeepClean books an ad-hoc deep clean requested by the host.
func (s *cleaningService) RequestDeepClean(ctx context.Context, in DeepCleanInput) (*domain.CleaningJob, error) {
	k, err := s.store.Kitchens().Get(ctx, in.KitchenID)
	if err != nil {
		return nil, err
	}
	if k.HostID != in.HostID {
		return nil, domain.ErrNotFound
	}
	if in.WindowEnd.Sub(in.WindowStart) < minDeepCleanLen {
		return nil, domain.Invalid("window_end", "deep cleans need at least a two hour window")
	}
	if in.WindowStart.Before(s.now()) {
		return nil, domain.Invalid("window_start", "must be in the future")
	}
	job, err := s.crew.DispatchCrew(ctx, siteRequest(k, deepCleanLevel, in.WindowStart, in.WindowEnd, in.Notes))
	if err != nil {
		return nil, fmt.Errorf("dispatch deep clean: %w", err)
	}
	cj := &domain.CleaningJob{
		ID:           uuid.NewString(),
		KitchenID:    k.ID,
		PartnerJobID: job.ID,
		Kind:         domain.CleaningDeep,
		Status:       domain.CleaningDispatched,
		ScheduledFor: job.WindowStart,
	}
	if err := s.store.Cleaning().Insert(ctx, cj); err != nil {
		return nil, err
	}
	return cj, nil
}
