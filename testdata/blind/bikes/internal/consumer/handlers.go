package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/service"
)

// ErrMalformed marks an event that can never be processed.
var ErrMalformed = errors.New("malformed dock event")

// HandlerFunc processes one decoded dock event.
type HandlerFunc func(ctx context.Context, ev DockEvent) error

// Routes maps a JetStream subject to its handler.
type Routes map[string]HandlerFunc

type DockHandlers struct {
	rides       service.RideService
	maintenance service.MaintenanceService
	rebalance   service.RebalanceService
	log         *slog.Logger
}

func NewDockHandlers(rides service.RideService, maintenance service.MaintenanceService,
	rebalance service.RebalanceService, log *slog.Logger) *DockHandlers {
	return &DockHandlers{rides: rides, maintenance: maintenance, rebalance: rebalance, log: log}
}

func (h *DockHandlers) Routes() Routes {
	return Routes{
		SubjectUndocked:     h.onUndocked,
		SubjectDocked:       h.onDocked,
		SubjectFault:        h.onFault,
		SubjectStatus:       h.onStatus,
		SubjectOccupancy:    h.onOccupancy,
		SubjectUnlockFailed: h.onUnlockFailed,
	}
}

func requireRide(ev DockEvent) error {
	if ev.RideID == nil {
		return fmt.Errorf("%w: %s has no ride_id", ErrMalformed, ev.EventID)
	}
	return nil
}

// onUndocked: the bike left the dock, so the ride has started.
func (h *DockHandlers) onUndocked(ctx context.Context, ev DockEvent) error {
	if err := requireRide(ev); err != nil {
		return err
	}
	return h.rides.ConfirmStart(ctx, *ev.RideID, ev.DockID, ev.OccurredAt)
}

// onDocked: a bike was returned; close its ride and queue the charge.
func (h *DockHandlers) onDocked(ctx context.Context, ev DockEvent) error {
	if err := requireRide(ev); err != nil {
		return err
	}
	_, err := h.rides.FinishAtDock(ctx, service.FinishInput{
		RideID:  *ev.RideID,
		BikeID:  ev.BikeID,
		DockID:  ev.DockID,
		EndedAt: ev.OccurredAt,
		Reason:  "docked",
	})
	if errors.Is(err, repository.ErrNotFound) {
		h.log.WarnContext(ctx, "docked event for unknown ride", "ride_id", ev.RideID, "event_id", ev.EventID)
		return nil
	}
	return err
}

func (h *DockHandlers) onFault(ctx context.Context, ev DockEvent) error {
	if ev.FaultCode == "" {
		return fmt.Errorf("%w: fault without code", ErrMalformed)
	}
	ticket, err := h.maintenance.OpenFromFault(ctx, service.FaultInput{
		EventID:   ev.EventID,
		DockID:    ev.DockID,
		BikeID:    ev.BikeID,
		FaultCode: ev.FaultCode,
		Severity:  ev.Severity,
		At:        ev.OccurredAt,
	})
	if err != nil {
		return err
	}
	h.log.InfoContext(ctx, "maintenance ticket opened", "ticket_id", ticket.ID, "dock_id", ev.DockID)
	return nil
}

func (h *DockHandlers) onStatus(ctx context.Context, ev DockEvent) error {
	return h.maintenance.RecordStatus(ctx, service.StatusInput{
		EventID:   ev.EventID,
		DockID:    ev.DockID,
		Status:    ev.Status,
		BikeID:    ev.BikeID,
		VoltageMV: ev.VoltageMV,
		At:        ev.OccurredAt,
	})
}

func (h *DockHandlers) onOccupancy(ctx context.Context, ev DockEvent) error {
	job, err := h.rebalance.RequestForOccupancy(ctx, ev.StationID)
	if err != nil {
		return err
	}
	if job != nil {
		h.log.InfoContext(ctx, "crew requested", "station_id", ev.StationID, "partner_job_id", job.PartnerJobID.String)
	}
	return nil
}

func (h *DockHandlers) onUnlockFailed(ctx context.Context, ev DockEvent) error {
	if err := requireRide(ev); err != nil {
		return err
	}
	return h.rides.VoidUnlockFailed(ctx, ev.EventID, *ev.RideID, "unlock_failed:"+ev.Reason)
}
