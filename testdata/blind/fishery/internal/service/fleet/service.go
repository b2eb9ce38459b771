// Package fleet applies status changes published by the maritime
// administration's fleet register (suspensions, deregistrations).
package fleet

import (
	"context"
	"fmt"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/tasks"
)

const consumerName = "fleet-status"

type Service struct {
	uow       ports.UnitOfWork
	processed ports.ProcessedEventStore
	vessels   ports.VesselRepository
	holdings  ports.HoldingRepository
	outbox    ports.OutboxRepository
}

func New(uow ports.UnitOfWork, processed ports.ProcessedEventStore, vessels ports.VesselRepository, holdings ports.HoldingRepository, outbox ports.OutboxRepository) *Service {
	return &Service{uow: uow, processed: processed, vessels: vessels, holdings: holdings, outbox: outbox}
}

func (s *Service) ApplyVesselStatus(ctx context.Context, eventID string, evt ports.VesselStatusChanged) error {
	vessel, err := s.vessels.GetByRegistration(ctx, evt.RegistrationNo)
	if err != nil {
		return fmt.Errorf("fleet: vessel %s: %w", evt.RegistrationNo, err)
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		first, err := s.processed.Claim(ctx, consumerName, eventID)
		if err != nil || !first {
			return err
		}
		if err := s.vessels.SetStatus(ctx, vessel.ID, evt.Status); err != nil {
			return err
		}
		if evt.Status != domain.VesselDeregistered && evt.Status != domain.VesselSuspended {
			return nil
		}
		if err := s.holdings.FreezeForVessel(ctx, vessel.ID); err != nil {
			return err
		}
		if vessel.OwnerEmail == "" {
			return nil
		}
		return s.outbox.Add(ctx, tasks.TypeNotify, tasks.NotifyPayload{
			Channel: "email",
			To:      vessel.OwnerEmail,
			Subject: fmt.Sprintf("%s: quota frozen", vessel.RegistrationNo),
			Body:    fmt.Sprintf("Vessel %s is %s (%s). Its quota holdings are frozen.", vessel.RegistrationNo, evt.Status, evt.Reason),
		})
	})
}
