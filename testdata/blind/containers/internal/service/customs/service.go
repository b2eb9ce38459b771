// Package customs applies customs holds and releases reported by the
// customs broker.
package customs

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
	"github.com/quaymark/terminal-ops/internal/platform/httpx"
)

// Repository is the customs store.
type Repository interface {
	ClaimEvent(ctx context.Context, eventID, eventType string) (bool, error)
	PlaceHold(ctx context.Context, h *domain.CustomsHold) error
	ActiveHolds(ctx context.Context, containerNo, declarationNo string) ([]domain.CustomsHold, error)
	ReleaseHold(ctx context.Context, id string, at time.Time) (bool, error)
	CountActive(ctx context.Context, containerNo string) (int64, error)
}

// ContainerFlags updates the customs flag the gate reads.
type ContainerFlags interface {
	SetCustomsStatus(ctx context.Context, containerNo, status string) error
}

// PickupFinder finds trucks booked to collect a container.
type PickupFinder interface {
	UpcomingPickups(ctx context.Context, containerNo string) ([]domain.TruckAppointment, error)
}

// Texter sends SMS.
type Texter interface {
	Send(ctx context.Context, to, text string) error
}

// Service applies broker events.
type Service struct {
	uow        db.UnitOfWork
	customs    Repository
	containers ContainerFlags
	pickups    PickupFinder
	sms        Texter
	now        func() time.Time
}

// NewService wires the service.
func NewService(uow db.UnitOfWork, customs Repository, containers ContainerFlags, pickups PickupFinder, sms Texter) *Service {
	return &Service{uow: uow, customs: customs, containers: containers, pickups: pickups, sms: sms, now: time.Now}
}

// BrokerEvent is the webhook body sent by the customs broker.
type BrokerEvent struct {
	EventID       string    `json:"event_id"`
	Type          string    `json:"type"` // HOLD | RELEASE
	ContainerNo   string    `json:"container_no"`
	DeclarationNo string    `json:"declaration_no"`
	HoldType      string    `json:"hold_type"`
	Authority     string    `json:"authority"`
	OccurredAt    time.Time `json:"occurred_at"`
}

// Apply handles one broker event.
func (s *Service) Apply(ctx context.Context, ev BrokerEvent) error {
	ev.ContainerNo = strings.ToUpper(ev.ContainerNo)
	if ev.EventID == "" || ev.ContainerNo == "" || ev.DeclarationNo == "" {
		return fmt.Errorf("%w: event_id, container_no and declaration_no are required", httpx.ErrValidation)
	}
	switch ev.Type {
	case "HOLD":
		return s.placeHold(ctx, ev)
	case "RELEASE":
		return s.release(ctx, ev)
	default:
		slog.WarnContext(ctx, "ignoring customs event type", "type", ev.Type, "event_id", ev.EventID)
		return nil
	}
}

func (s *Service) placeHold(ctx context.Context, ev BrokerEvent) error {
	return s.uow.Do(ctx, func(ctx context.Context) error {
		claimed, err := s.customs.ClaimEvent(ctx, ev.EventID, ev.Type)
		if err != nil || !claimed {
			return err
		}
		hold := &domain.CustomsHold{
			ID:            uuid.NewString(),
			ContainerNo:   ev.ContainerNo,
			DeclarationNo: ev.DeclarationNo,
			HoldType:      ev.HoldType,
			Authority:     ev.Authority,
			BrokerEventID: ev.EventID,
			Status:        domain.HoldActive,
			PlacedAt:      ev.OccurredAt,
		}
		if err := s.customs.PlaceHold(ctx, hold); err != nil {
			return err
		}
		return s.containers.SetCustomsStatus(ctx, ev.ContainerNo, domain.HoldActive)
	})
}

func (s *Service) release(ctx context.Context, ev BrokerEvent) error {
	holds, err := s.customs.ActiveHolds(ctx, ev.ContainerNo, ev.DeclarationNo)
	if err != nil {
		return err
	}
	if len(holds) == 0 {
		slog.InfoContext(ctx, "release for container without active holds", "container", ev.ContainerNo)
		return nil
	}

	// Drivers often wait in the truck park for a release; tell them first.
	pickups, err := s.pickups.UpcomingPickups(ctx, ev.ContainerNo)
	if err != nil {
		return err
	}
	for _, p := range pickups {
		if p.DriverPhone == "" {
			continue
		}
		text := fmt.Sprintf("Quaymark: %s released by customs. Appointment %s is good to go.", ev.ContainerNo, p.ID[:8])
		if err := s.sms.Send(ctx, p.DriverPhone, text); err != nil {
			return fmt.Errorf("notify driver for %s: %w", p.ID, err)
		}
	}

	at := s.now().UTC()
	return s.uow.Do(ctx, func(ctx context.Context) error {
		for _, h := range holds {
			if _, err := s.customs.ReleaseHold(ctx, h.ID, at); err != nil {
				return err
			}
		}
		remaining, err := s.customs.CountActive(ctx, ev.ContainerNo)
		if err != nil {
			return err
		}
		if remaining == 0 {
			return s.containers.SetCustomsStatus(ctx, ev.ContainerNo, domain.HoldReleased)
		}
		return nil
	})
}
