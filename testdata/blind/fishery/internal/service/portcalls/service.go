// Package portcalls handles prior notification of arrival: a vessel
// intending to land must notify the registry before entering port, and the
// registry books a landing berth with the port authority on its behalf.
package portcalls

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

// MinNotice is the legal minimum between notification and arrival.
const MinNotice = 4 * time.Hour

type Service struct {
	vessels   ports.VesselRepository
	portCalls ports.PortCallRepository
	berths    ports.BerthBooker
	now       func() time.Time
}

func New(vessels ports.VesselRepository, portCalls ports.PortCallRepository, berths ports.BerthBooker) *Service {
	return &Service{vessels: vessels, portCalls: portCalls, berths: berths, now: time.Now}
}

func (s *Service) Notify(ctx context.Context, in ports.PortCallInput) (*domain.PortCall, error) {
	if in.ETA.Sub(s.now()) < MinNotice {
		return nil, fmt.Errorf("portcalls: arrival must be notified at least %s ahead", MinNotice)
	}
	vessel, err := s.vessels.Get(ctx, in.VesselID)
	if err != nil {
		return nil, err
	}
	if !vessel.Active() {
		return nil, ports.ErrVesselInactive
	}
	eta := in.ETA.UTC().Truncate(time.Minute)
	port := strings.ToUpper(in.PortCode)

	berthRef, err := s.berths.BookBerth(ctx, ports.BerthRequest{
		PortCode:    port,
		VesselRegNo: vessel.RegistrationNo,
		VesselName:  vessel.Name,
		LengthM:     vessel.LengthM,
		ETA:         eta,
		Purpose:     in.Purpose,
	})
	if err != nil {
		return nil, fmt.Errorf("portcalls: book berth at %s: %w", port, err)
	}

	return s.portCalls.InsertIfAbsent(ctx, &domain.PortCall{
		ID:       uuid.New(),
		VesselID: vessel.ID,
		PortCode: port,
		ETA:      eta,
		BerthRef: berthRef,
		Purpose:  in.Purpose,
		Status:   "notified",
	})
}
