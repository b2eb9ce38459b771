// Package fleet turns what lockers report (door events, faults, heartbeats)
// into parcel state, and manages sites and compartments for operations.
package fleet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/store"
	"github.com/quayside/lockers/internal/webhooks"
)

// DoorEvent is a door state change reported by a locker controller.
type DoorEvent struct {
	EventID       string
	Type          string
	LockerID      string
	CompartmentID string
	OccurredAt    time.Time
	Raw           json.RawMessage
}

type Fault struct {
	EventID       string
	LockerID      string
	CompartmentID string
	Code          string
	Detail        string
	OccurredAt    time.Time
}

type Heartbeat struct {
	LockerID    string
	Firmware    string
	SeenAt      time.Time
	Temperature *float64
}

// EventService handles locker-originated events.
type EventService interface {
	ParcelDeposited(ctx context.Context, ev DoorEvent) error
	ParcelCollected(ctx context.Context, ev DoorEvent) error
	DoorForced(ctx context.Context, ev DoorEvent) error
	DoorLeftOpen(ctx context.Context, ev DoorEvent) error
	DoorClosed(ctx context.Context, ev DoorEvent) error
	CompartmentFault(ctx context.Context, f Fault) error
	Heartbeat(ctx context.Context, hb Heartbeat) error
}

// PickupRecorder counts pickups towards a host's monthly payout.
type PickupRecorder interface {
	RecordPickup(ctx context.Context, hostID string, at time.Time) error
}

type eventService struct {
	tx        store.TxRunner
	repos     store.Repos
	publisher webhooks.Publisher
	usage     PickupRecorder
	log       *slog.Logger
}

func NewEventService(tx store.TxRunner, repos store.Repos, publisher webhooks.Publisher, usage PickupRecorder, log *slog.Logger) EventService {
	return &eventService{tx: tx, repos: repos, publisher: publisher, usage: usage, log: log}
}

func (s *eventService) parcelIn(ctx context.Context, compartmentID string) (domain.Parcel, domain.Shipment, error) {
	p, err := s.repos.Parcels.GetByCompartment(ctx, compartmentID)
	if err != nil {
		return domain.Parcel{}, domain.Shipment{}, fmt.Errorf("parcel in %s: %w", compartmentID, err)
	}
	sh, err := s.repos.Shipments.Get(ctx, p.ShipmentID)
	if err != nil {
		return domain.Parcel{}, domain.Shipment{}, err
	}
	return p, sh, nil
}

// ParcelDeposited is sent by the controller once the door is shut with a
// parcel inside after a courier drop-off. It confirms the deposit recorded
// through the courier API and lets the partner know the parcel is ready.
func (s *eventService) ParcelDeposited(ctx context.Context, ev DoorEvent) error {
	p, sh, err := s.parcelIn(ctx, ev.CompartmentID)
	if err != nil {
		return err
	}
	if err := s.repos.Parcels.ConfirmDoor(ctx, p.ID, ev.OccurredAt); err != nil {
		return err
	}
	if err := s.repos.Compartments.MarkDoorClosed(ctx, ev.CompartmentID); err != nil {
		return err
	}
	job, err := webhooks.NewJob(uuid.NewString(), webhooks.TypeParcelStatus, p.PartnerID, webhooks.ParcelStatusPayload{
		ShipmentID:  sh.ID,
		ExternalRef: sh.ExternalRef,
		ParcelID:    p.ID,
		Status:      "ready_for_pickup",
		LockerID:    p.LockerID,
		OccurredAt:  ev.OccurredAt,
	})
	if err != nil {
		return err
	}
	return s.publisher.Publish(ctx, job)
}

// ParcelCollected is sent when the recipient has taken the parcel and shut
// the door.
func (s *eventService) ParcelCollected(ctx context.Context, ev DoorEvent) error {
	p, sh, err := s.parcelIn(ctx, ev.CompartmentID)
	if err != nil {
		return err
	}
	if p.Status != domain.ParcelDeposited {
		s.log.InfoContext(ctx, "collect event for parcel not in locker", "parcel_id", p.ID, "status", p.Status)
		return nil
	}
	host, err := s.repos.Lockers.HostOf(ctx, p.LockerID)
	if err != nil {
		return err
	}

	if err := s.usage.RecordPickup(ctx, host.ID, ev.OccurredAt); err != nil {
		return fmt.Errorf("record pickup: %w", err)
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context, r store.Repos) error {
		ok, err := r.Parcels.MarkCollected(ctx, p.ID, ev.OccurredAt)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		if err := r.Compartments.SetStatus(ctx, p.CompartmentID, domain.CompartmentFree); err != nil {
			return err
		}
		if err := r.Compartments.MarkDoorClosed(ctx, p.CompartmentID); err != nil {
			return err
		}
		_, err = r.Shipments.Transition(ctx, sh.ID, []domain.ShipmentStatus{domain.ShipmentInLocker}, domain.ShipmentCollected)
		return err
	})
	if err != nil {
		return err
	}

	return webhooks.Publish(ctx, s.publisher, "parcel.collected:"+p.ID, webhooks.TypeParcelStatus, p.PartnerID,
		webhooks.ParcelStatusPayload{
			ShipmentID:  sh.ID,
			ExternalRef: sh.ExternalRef,
			ParcelID:    p.ID,
			Status:      "collected",
			LockerID:    p.LockerID,
			OccurredAt:  ev.OccurredAt,
		})
}

func (s *eventService) DoorForced(ctx context.Context, ev DoorEvent) error {
	inc := domain.Incident{
		ID:            uuid.NewString(),
		LockerID:      ev.LockerID,
		CompartmentID: ev.CompartmentID,
		Kind:          "door_forced",
		SourceEvent:   ev.EventID,
		Severity:      "high",
		OccurredAt:    ev.OccurredAt,
	}
	if err := s.repos.Events.InsertIncident(ctx, inc); err != nil {
		return fmt.Errorf("record incident: %w", err)
	}
	if ev.CompartmentID != "" {
		if err := s.repos.Compartments.MarkDoorOpen(ctx, ev.CompartmentID, ev.OccurredAt); err != nil {
			return err
		}
	}
	s.log.WarnContext(ctx, "door forced", "locker_id", ev.LockerID, "compartment_id", ev.CompartmentID, "incident_id", inc.ID)
	return nil
}

func (s *eventService) DoorLeftOpen(ctx context.Context, ev DoorEvent) error {
	return s.repos.Compartments.MarkDoorOpen(ctx, ev.CompartmentID, ev.OccurredAt)
}

// DoorClosed keeps an audit trail of plain door closes, which operations
// uses to settle disputes about parcels that "were never there".
func (s *eventService) DoorClosed(ctx context.Context, ev DoorEvent) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context, r store.Repos) error {
		err := r.Events.InsertDoorAudit(ctx, store.DoorAudit{
			EventID:       ev.EventID,
			LockerID:      ev.LockerID,
			CompartmentID: ev.CompartmentID,
			EventType:     ev.Type,
			OccurredAt:    ev.OccurredAt,
			Payload:       ev.Raw,
		})
		if err != nil {
			return fmt.Errorf("audit door close: %w", err)
		}
		return r.Compartments.MarkDoorClosed(ctx, ev.CompartmentID)
	})
}

func (s *eventService) CompartmentFault(ctx context.Context, f Fault) error {
	opened, err := s.repos.Events.OpenTicket(ctx, domain.MaintenanceTicket{
		ID:            "mt_" + ksuid.New().String(),
		CompartmentID: f.CompartmentID,
		FaultCode:     f.Code,
		Detail:        f.Detail,
	})
	if err != nil {
		return err
	}
	if opened {
		s.log.InfoContext(ctx, "maintenance ticket opened", "compartment_id", f.CompartmentID, "fault", f.Code)
	}
	return nil
}

func (s *eventService) Heartbeat(ctx context.Context, hb Heartbeat) error {
	err := s.repos.Events.UpsertHeartbeat(ctx, hb.LockerID, hb.Firmware, hb.SeenAt, hb.Temperature)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	return err
}
