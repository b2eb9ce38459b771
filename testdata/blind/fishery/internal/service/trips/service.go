// Package trips records trip summaries closed by vessels' electronic
// logbooks and tells the owner what was logged.
package trips

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/tasks"
)

type Service struct {
	vessels ports.VesselRepository
	trips   ports.TripRepository
	queue   ports.TaskQueue
}

func New(vessels ports.VesselRepository, trips ports.TripRepository, queue ports.TaskQueue) *Service {
	return &Service{vessels: vessels, trips: trips, queue: queue}
}

func (s *Service) Close(ctx context.Context, evt ports.TripClosed) error {
	vessel, err := s.vessels.GetByRegistration(ctx, evt.VesselRegNo)
	if err != nil {
		return fmt.Errorf("trips: vessel %s: %w", evt.VesselRegNo, err)
	}
	if _, err := s.trips.InsertIfAbsent(ctx, &domain.TripSummary{
		TripID:       evt.TripID,
		VesselID:     vessel.ID,
		DepartedAt:   evt.DepartedAt,
		ReturnedAt:   evt.ReturnedAt,
		HaulCount:    evt.HaulCount,
		TotalCatchKg: evt.TotalCatchKg,
	}); err != nil {
		return fmt.Errorf("trips: store %s: %w", evt.TripID, err)
	}
	if vessel.OwnerPhone == "" {
		return nil
	}
	return s.queue.Enqueue(ctx, ports.Job{
		Type: tasks.TypeNotify,
		Payload: tasks.NotifyPayload{
			Channel: "sms",
			To:      vessel.OwnerPhone,
			Body: fmt.Sprintf("%s trip %s closed: %d hauls, %d kg logged. Declare landings within 24h.",
				vessel.RegistrationNo, evt.TripID, evt.HaulCount, evt.TotalCatchKg),
		},
		Key: "trip-closed:" + uuid.NewString(),
	})
}
