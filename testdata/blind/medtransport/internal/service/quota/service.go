// Package quota keeps clinics' monthly trip allowance in step with
// cancellations.
package quota

import (
	"context"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/events"
)

type ClinicQuota interface {
	ReleaseQuota(ctx context.Context, clinicID uuid.UUID) error
}

type Service struct {
	clinics ClinicQuota
}

func NewService(clinics ClinicQuota) *Service {
	return &Service{clinics: clinics}
}

// TripCancelled gives the clinic its trip back.
func (s *Service) TripCancelled(ctx context.Context, ev events.TripCancelled) error {
	return s.clinics.ReleaseQuota(ctx, ev.ClinicID)
}
