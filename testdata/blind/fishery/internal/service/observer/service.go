// Package observer accepts reports filed by fisheries observers placed on
// board. Reports flagged as infringements are routed to the inspectorate's
// duty desk.
package observer

import (
	"context"
	"fmt"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/tasks"
)

type Service struct {
	uow      ports.UnitOfWork
	vessels  ports.VesselRepository
	reports  ports.ObserverReportRepository
	outbox   ports.OutboxRepository
	dutyDesk string
}

func New(uow ports.UnitOfWork, vessels ports.VesselRepository, reports ports.ObserverReportRepository, outbox ports.OutboxRepository, fees config.Fees) *Service {
	return &Service{uow: uow, vessels: vessels, reports: reports, outbox: outbox, dutyDesk: fees.InfringementDutyDesk}
}

func (s *Service) File(ctx context.Context, r *domain.ObserverReport) error {
	if r.TripID == "" || r.HaulNo <= 0 {
		return fmt.Errorf("observer: trip and haul number are required")
	}
	vessel, err := s.vessels.Get(ctx, r.VesselID)
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.reports.Create(ctx, r); err != nil {
			return fmt.Errorf("observer: store report: %w", err)
		}
		if !r.Infringement {
			return nil
		}
		return s.outbox.Add(ctx, tasks.TypeNotify, tasks.NotifyPayload{
			Channel: "email",
			To:      s.dutyDesk,
			Subject: fmt.Sprintf("Observer infringement report: %s trip %s haul %d", vessel.RegistrationNo, r.TripID, r.HaulNo),
			Body:    r.Notes,
		})
	})
}
