// Package reservations holds, confirms and cancels packet reservations.
package reservations

import (
	"context"
	"fmt"
	"time"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/events"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/idgen"
	"github.com/furrowline/seedbank/internal/platform/messaging"
)

type (
	Reservations interface {
		Get(ctx context.Context, id string) (*domain.Reservation, error)
		Create(ctx context.Context, r *domain.Reservation) error
		UpdateWhere(ctx context.Context, set map[string]any, query string, args ...any) (int64, error)
	}
	Packets interface {
		Take(ctx context.Context, packetID string, qty int) error
		Restock(ctx context.Context, packetID string, qty int) error
	}
)

// Options tunes the service.
type Options struct {
	HoldPeriod  time.Duration
	MaxPerOrder int
	Clock       func() time.Time
}

// Service implements the reservation commands.
type Service struct {
	tx           database.TxRunner
	reservations Reservations
	packets      Packets
	outbox       messaging.Enqueuer
	opts         Options
}

func NewService(tx database.TxRunner, r Reservations, p Packets, outbox messaging.Enqueuer, opts Options) *Service {
	if opts.Clock == nil {
		opts.Clock = func() time.Time { return time.Now().UTC() }
	}
	if opts.MaxPerOrder == 0 {
		opts.MaxPerOrder = 6
	}
	return &Service{tx: tx, reservations: r, packets: p, outbox: outbox, opts: opts}
}

// ReservePackets holds packets for a member. RequestID is the client's
// Idempotency-Key header.
type ReservePackets struct {
	MemberID, PacketID string
	Quantity           int
	RequestID          string
	Result             *domain.Reservation
}

// ConfirmReservation asks for a held reservation to be shipped.
type ConfirmReservation struct{ MemberID, ReservationID string }

// CancelReservation releases a held reservation.
type CancelReservation struct{ MemberID, ReservationID string }

// Reserve takes stock and records the hold.
func (s *Service) Reserve(ctx context.Context, cmd ReservePackets) error {
	if cmd.Quantity < 1 || cmd.Quantity > s.opts.MaxPerOrder {
		return fmt.Errorf("%w: quantity must be between 1 and %d", domain.ErrValidation, s.opts.MaxPerOrder)
	}
	now := s.opts.Clock()
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.packets.Take(ctx, cmd.PacketID, cmd.Quantity); err != nil {
			return err
		}
		r := &domain.Reservation{
			ID:              idgen.New("rsv"),
			MemberID:        cmd.MemberID,
			PacketID:        cmd.PacketID,
			Quantity:        cmd.Quantity,
			Status:          domain.ReservationHeld,
			ClientRequestID: cmd.RequestID,
			ExpiresAt:       now.Add(s.opts.HoldPeriod),
		}
		if err := s.reservations.Create(ctx, r); err != nil {
			return fmt.Errorf("store reservation: %w", err)
		}
		if cmd.Result != nil {
			*cmd.Result = *r
		}
		return nil
	})
}

// Confirm moves a held reservation to confirmed and queues it for shipping.
func (s *Service) Confirm(ctx context.Context, cmd ConfirmReservation) error {
	now := s.opts.Clock()
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		r, err := s.owned(ctx, cmd.MemberID, cmd.ReservationID)
		if err != nil {
			return err
		}
		if r.Status == domain.ReservationConfirmed || r.Status == domain.ReservationShipped {
			return nil
		}
		n, err := s.reservations.UpdateWhere(ctx,
			map[string]any{"status": domain.ReservationConfirmed, "updated_at": now},
			"id = ? AND status = ? AND expires_at > ?", r.ID, domain.ReservationHeld, now)
		if err != nil {
			return err
		}
		if n == 0 {
			return domain.ErrInvalidState
		}
		return s.outbox.Enqueue(ctx, messaging.TopicReservationConfirmed, events.ReservationConfirmed{
			ReservationID: r.ID, MemberID: r.MemberID, PacketID: r.PacketID, Quantity: r.Quantity, ConfirmedAt: now,
		})
	})
}

// Cancel releases a held reservation and puts its packets back on the shelf.
func (s *Service) Cancel(ctx context.Context, cmd CancelReservation) error {
	r, err := s.owned(ctx, cmd.MemberID, cmd.ReservationID)
	if err != nil {
		return err
	}
	if r.Status == domain.ReservationCancelled {
		return nil
	}
	n, err := s.reservations.UpdateWhere(ctx,
		map[string]any{"status": domain.ReservationCancelled, "updated_at": s.opts.Clock()},
		"id = ? AND status = ?", r.ID, domain.ReservationHeld)
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrInvalidState
	}
	return s.packets.Restock(ctx, r.PacketID, r.Quantity)
}

func (s *Service) owned(ctx context.Context, memberID, id string) (*domain.Reservation, error) {
	r, err := s.reservations.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.MemberID != memberID {
		return nil, domain.ErrNotFound
	}
	return r, nil
}
