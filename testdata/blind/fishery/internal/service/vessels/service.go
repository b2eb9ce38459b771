// Package vessels registers fishing vessels in the national fleet register.
package vessels

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

type Service struct {
	vessels ports.VesselRepository
}

func New(vessels ports.VesselRepository) *Service {
	return &Service{vessels: vessels}
}

// Register adds the vessel to the register. Registering a registration
// number that is already on the register returns the existing vessel.
func (s *Service) Register(ctx context.Context, in ports.RegisterVesselInput) (*domain.Vessel, bool, error) {
	regNo := strings.ToUpper(strings.TrimSpace(in.RegistrationNo))
	if regNo == "" {
		return nil, false, fmt.Errorf("vessels: registration number is required")
	}
	v := &domain.Vessel{
		ID:                 uuid.New(),
		RegistrationNo:     regNo,
		IMONumber:          in.IMONumber,
		Name:               in.Name,
		OwnerID:            in.OwnerID,
		OwnerPhone:         in.OwnerPhone,
		OwnerEmail:         in.OwnerEmail,
		HomePort:           strings.ToUpper(in.HomePort),
		LengthM:            in.LengthM,
		Status:             domain.VesselActive,
		PaymentCustomerRef: in.PaymentCustomerRef,
	}
	created, err := s.vessels.Register(ctx, v)
	if err != nil {
		return nil, false, fmt.Errorf("vessels: register %s: %w", regNo, err)
	}
	return v, created, nil
}

func (s *Service) Get(ctx context.Context, id uuid.UUID) (*domain.Vessel, error) {
	return s.vessels.Get(ctx, id)
}
