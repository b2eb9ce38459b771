package service

import (
	"context"
	"strings"

	"github.com/haulgrid/loadboard/internal/domain"
)

// CarrierService manages carrier profile data such as preferred lanes.
type CarrierService struct {
	carriers CarrierStore
}

func NewCarrierService(carriers CarrierStore) *CarrierService {
	return &CarrierService{carriers: carriers}
}

// SaveLane creates or replaces the carrier's preference for a lane.
func (s *CarrierService) SaveLane(ctx context.Context, l domain.Lane) (*domain.Lane, error) {
	l.OriginState = strings.ToUpper(strings.TrimSpace(l.OriginState))
	l.DestState = strings.ToUpper(strings.TrimSpace(l.DestState))
	if len(l.OriginState) != 2 || len(l.DestState) != 2 {
		return nil, domain.Invalid("lane", "origin_state and dest_state must be two-letter codes")
	}
	if !l.Equipment.Valid() {
		return nil, domain.Invalid("equipment", "unknown equipment type")
	}
	if l.MinRateCents < 0 {
		return nil, domain.Invalid("min_rate_cents", "must not be negative")
	}
	if _, err := s.carriers.Get(ctx, l.CarrierID); err != nil {
		return nil, err
	}
	if err := s.carriers.UpsertLane(ctx, &l); err != nil {
		return nil, err
	}
	return &l, nil
}

// Lanes lists the carrier's lanes.
func (s *CarrierService) Lanes(ctx context.Context, carrierID string) ([]domain.Lane, error) {
	return s.carriers.Lanes(ctx, carrierID)
}
