// Package gate applies gate-in and gate-out transactions reported by the
// gate automation system.
package gate

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/platform/ids"
)

// Containers is the container store.
type Containers interface {
	Get(ctx context.Context, containerNo string) (*domain.Container, error)
	UpsertGateIn(ctx context.Context, c *domain.Container) error
	MarkGatedOut(ctx context.Context, containerNo string, at time.Time) error
}

// Yard is the slot store.
type Yard interface {
	ActiveAllocation(ctx context.Context, containerNo string) (*domain.YardAllocation, error)
	CloseAllocation(ctx context.Context, id, status string, at time.Time) (bool, error)
	SlotBlock(ctx context.Context, slotID string) (string, error)
	OccupySlot(ctx context.Context, slotID, containerNo string) error
	AdjustOccupancy(ctx context.Context, blockID string, delta int) error
	FreeSlot(ctx context.Context, slotID string) (string, error)
	DecrementOccupancy(ctx context.Context, blockID string) error
}

// Appointments closes the appointment a truck came in on.
type Appointments interface {
	CompleteForContainer(ctx context.Context, containerNo, kind string) error
}

// Outbox stores outbound EDI messages.
type Outbox interface {
	Add(ctx context.Context, m *domain.OutboxMessage) error
}

// Service applies gate transactions.
type Service struct {
	uow          db.UnitOfWork
	containers   Containers
	yard         Yard
	appointments Appointments
	outbox       Outbox
}

// NewService wires the service.
func NewService(uow db.UnitOfWork, containers Containers, yard Yard, appointments Appointments, outbox Outbox) *Service {
	return &Service{uow: uow, containers: containers, yard: yard, appointments: appointments, outbox: outbox}
}

// GateIn is a container entering through an in-gate lane.
type GateIn struct {
	EventID     string    `json:"event_id"`
	ContainerNo string    `json:"container_no"`
	LineCode    string    `json:"line_code"`
	ISOType     string    `json:"iso_type"`
	Reefer      bool      `json:"reefer"`
	SlotID      string    `json:"slot_id"`
	TruckPlate  string    `json:"truck_plate"`
	Lane        string    `json:"lane"`
	OccurredAt  time.Time `json:"occurred_at"`
}

// GateOut is a container leaving through an out-gate lane.
type GateOut struct {
	EventID     string    `json:"event_id"`
	ContainerNo string    `json:"container_no"`
	TruckPlate  string    `json:"truck_plate"`
	Lane        string    `json:"lane"`
	OccurredAt  time.Time `json:"occurred_at"`
}

type codeco struct {
	Direction   string    `json:"direction"`
	ContainerNo string    `json:"container_no"`
	ISOType     string    `json:"iso_type,omitempty"`
	TruckPlate  string    `json:"truck_plate"`
	Lane        string    `json:"lane"`
	At          time.Time `json:"at"`
}

// ApplyGateIn puts the container in the yard and queues the CODECO.
func (s *Service) ApplyGateIn(ctx context.Context, ev GateIn) error {
	no := strings.ToUpper(ev.ContainerNo)
	at := ev.OccurredAt.UTC()
	return s.uow.Do(ctx, func(ctx context.Context) error {
		slotID := ev.SlotID
		alloc, err := s.yard.ActiveAllocation(ctx, no)
		switch {
		case err == nil:
			// Pre-planned: occupancy was counted when the slot was allocated.
			slotID = alloc.SlotID
			if _, err := s.yard.CloseAllocation(ctx, alloc.ID, "used", at); err != nil {
				return err
			}
		case errors.Is(err, db.ErrNotFound):
			blockID, err := s.yard.SlotBlock(ctx, slotID)
			if err != nil {
				return err
			}
			if err := s.yard.AdjustOccupancy(ctx, blockID, 1); err != nil {
				return err
			}
		default:
			return err
		}
		if err := s.yard.OccupySlot(ctx, slotID, no); err != nil {
			return err
		}
		if err := s.containers.UpsertGateIn(ctx, &domain.Container{
			ContainerNo:   no,
			LineCode:      ev.LineCode,
			ISOType:       ev.ISOType,
			Status:        domain.ContainerInYard,
			Reefer:        ev.Reefer,
			CustomsStatus: "none",
			YardSlotID:    &slotID,
			GatedInAt:     &at,
			UpdatedAt:     at,
		}); err != nil {
			return err
		}
		if err := s.appointments.CompleteForContainer(ctx, no, "dropoff"); err != nil {
			return err
		}
		return s.queueCodeco(ctx, ev.LineCode, ev.EventID, codeco{
			Direction: "IN", ContainerNo: no, ISOType: ev.ISOType, TruckPlate: ev.TruckPlate, Lane: ev.Lane, At: at,
		})
	})
}

// ApplyGateOut releases the container's slot and queues the CODECO.
func (s *Service) ApplyGateOut(ctx context.Context, ev GateOut) error {
	no := strings.ToUpper(ev.ContainerNo)
	at := ev.OccurredAt.UTC()
	c, err := s.containers.Get(ctx, no)
	if err != nil {
		return err
	}
	if c.Status == domain.ContainerGatedOut {
		slog.InfoContext(ctx, "container already gated out", "container", no, "event_id", ev.EventID)
		return nil
	}
	if err := s.containers.MarkGatedOut(ctx, no, at); err != nil {
		return err
	}
	if c.YardSlotID != nil {
		blockID, err := s.yard.FreeSlot(ctx, *c.YardSlotID)
		if err != nil {
			return err
		}
		if err := s.yard.DecrementOccupancy(ctx, blockID); err != nil {
			return err
		}
	}
	if err := s.appointments.CompleteForContainer(ctx, no, "pickup"); err != nil {
		return err
	}
	return s.queueCodeco(ctx, c.LineCode, ev.EventID, codeco{
		Direction: "OUT", ContainerNo: no, ISOType: c.ISOType, TruckPlate: ev.TruckPlate, Lane: ev.Lane, At: at,
	})
}

func (s *Service) queueCodeco(ctx context.Context, lineCode, eventID string, body codeco) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return s.outbox.Add(ctx, &domain.OutboxMessage{
		DedupKey:    ids.OutboxKey(domain.MsgCODECO, body.Direction, eventID),
		MessageType: domain.MsgCODECO,
		LineCode:    lineCode,
		Payload:     payload,
	})
}
