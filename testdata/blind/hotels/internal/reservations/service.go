package reservations

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/idempotency"
	"github.com/harbourline/hotels/internal/outbox"
	"github.com/harbourline/hotels/internal/platform/logx"
	"github.com/harbourline/hotels/internal/platform/sqldb"
)

// Inventory is the part of the inventory service reservations need. Calls
// made with a context carrying a unit-of-work transaction join it.
type Inventory interface {
	Hold(ctx context.Context, reservationID string, stay domain.Stay, ttl time.Duration) (bool, error)
	Move(ctx context.Context, reservationID string, from, to domain.Stay) error
	Release(ctx context.Context, reservationID, reason string) error
}

// BookingStarter starts the booking saga for a direct reservation.
type BookingStarter interface {
	StartBooking(ctx context.Context, req domain.BookingRequest) error
}

// CreateDirect is a booking from the hotel's own booking engine.
type CreateDirect struct {
	IdempotencyKey  string
	Stay            domain.Stay
	Guest           domain.Guest
	Total           domain.Money
	CustomerID      string
	PaymentMethodID string
	DepositMinor    int64
}

// ChannelBooking is a new reservation delivered by an OTA.
type ChannelBooking struct {
	Channel    string
	ChannelRef string
	Stay       domain.Stay
	Guest      domain.Guest
	Total      domain.Money
}

// Modification changes the stay of an OTA reservation.
type Modification struct {
	Channel        string
	ChannelRef     string
	ModificationID string
	Stay           domain.Stay
	Total          domain.Money
}

// Service is the reservations use-case API.
type Service interface {
	CreateDirect(ctx context.Context, cmd CreateDirect) (*domain.Reservation, error)
	IngestChannelBooking(ctx context.Context, b ChannelBooking) (*domain.Reservation, bool, error)
	ImportChannelBooking(ctx context.Context, b ChannelBooking) (*domain.Reservation, error)
	ApplyModification(ctx context.Context, m Modification) (*domain.Reservation, error)
	CancelByChannelRef(ctx context.Context, channel, ref, reason string) (*domain.Reservation, error)
	Get(ctx context.Context, id string) (*domain.Reservation, error)
	FindByChannelRef(ctx context.Context, channel, ref string) (*domain.Reservation, error)
}

type service struct {
	repo      Repository
	uow       sqldb.UnitOfWork
	idem      idempotency.Store
	outbox    outbox.Writer
	inventory Inventory
	starter   BookingStarter
	newID     func() string
	holdFor   time.Duration
}

// Option configures the service.
type Option func(*service)

// WithIDGenerator overrides how reservation IDs are minted.
func WithIDGenerator(f func() string) Option { return func(s *service) { s.newID = f } }

// WithHoldDuration sets how long a direct booking holds inventory before the
// saga confirms it.
func WithHoldDuration(d time.Duration) Option { return func(s *service) { s.holdFor = d } }

// NewService wires the reservations service.
func NewService(repo Repository, uow sqldb.UnitOfWork, idem idempotency.Store, ob outbox.Writer,
	inv Inventory, starter BookingStarter, opts ...Option) Service {
	s := &service{
		repo: repo, uow: uow, idem: idem, outbox: ob, inventory: inv, starter: starter,
		newID:   uuid.NewString,
		holdFor: 20 * time.Minute,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

const scopeCreateDirect = "reservations.create"

func (s *service) CreateDirect(ctx context.Context, cmd CreateDirect) (*domain.Reservation, error) {
	var out *domain.Reservation
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		rec, fresh, err := s.idem.Claim(ctx, scopeCreateDirect, cmd.IdempotencyKey)
		if err != nil {
			return err
		}
		if !fresh {
			if rec.ResourceID == "" {
				return domain.ErrInProgress
			}
			out, err = s.repo.Get(ctx, rec.ResourceID)
			return err
		}
		id := s.newID()
		r := &domain.Reservation{
			ID:         id,
			Channel:    domain.ChannelDirect,
			ChannelRef: id,
			Stay:       cmd.Stay,
			Guest:      cmd.Guest,
			Total:      cmd.Total,
			Status:     domain.StatusPending,
		}
		if err := s.repo.Insert(ctx, r); err != nil {
			return err
		}
		if err := s.repo.AppendHistory(ctx, id, "created", map[string]string{"channel": r.Channel}); err != nil {
			return err
		}
		out = r
		return s.idem.Complete(ctx, scopeCreateDirect, cmd.IdempotencyKey, id)
	})
	if err != nil {
		return nil, err
	}
	if out.Status != domain.StatusPending {
		return out, nil
	}
	// The saga is keyed by the reservation, so a replayed request that reaches
	// this point again finds the workflow already running.
	err = s.starter.StartBooking(ctx, domain.BookingRequest{
		ReservationID:   out.ID,
		Stay:            out.Stay,
		Total:           out.Total,
		Guest:           out.Guest,
		CustomerID:      cmd.CustomerID,
		PaymentMethodID: cmd.PaymentMethodID,
		DepositMinor:    cmd.DepositMinor,
		HoldMinutes:     int(s.holdFor / time.Minute),
	})
	if err != nil {
		return nil, fmt.Errorf("start booking saga: %w", err)
	}
	return out, nil
}

func (s *service) IngestChannelBooking(ctx context.Context, b ChannelBooking) (*domain.Reservation, bool, error) {
	r := &domain.Reservation{
		ID:         s.newID(),
		Channel:    b.Channel,
		ChannelRef: b.ChannelRef,
		Stay:       b.Stay,
		Guest:      b.Guest,
		Total:      b.Total,
		Status:     domain.StatusConfirmed,
	}
	var created bool
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		var err error
		created, err = s.repo.InsertIfAbsent(ctx, r)
		if err != nil {
			return err
		}
		if !created {
			existing, err := s.repo.GetByChannelRef(ctx, b.Channel, b.ChannelRef)
			if err != nil {
				return err
			}
			r = existing
			return nil
		}
		if _, err := s.inventory.Hold(ctx, r.ID, r.Stay, 0); err != nil {
			return err
		}
		return s.outbox.Add(ctx, domain.EventReservationConfirmed, domain.ReservationEvent{
			ReservationID: r.ID, Channel: r.Channel, ChannelRef: r.ChannelRef, Version: r.Version,
		})
	})
	if err != nil {
		return nil, false, err
	}
	return r, created, nil
}

func (s *service) ImportChannelBooking(ctx context.Context, b ChannelBooking) (*domain.Reservation, error) {
	r := &domain.Reservation{
		ID:         s.newID(),
		Channel:    b.Channel,
		ChannelRef: b.ChannelRef,
		Stay:       b.Stay,
		Guest:      b.Guest,
		Total:      b.Total,
		Status:     domain.StatusConfirmed,
	}
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.repo.Insert(ctx, r); err != nil {
			return err
		}
		if _, err := s.inventory.Hold(ctx, r.ID, r.Stay, 0); err != nil {
			return err
		}
		if err := s.repo.AppendHistory(ctx, r.ID, "imported", b); err != nil {
			return err
		}
		return s.outbox.Add(ctx, domain.EventReservationConfirmed, domain.ReservationEvent{
			ReservationID: r.ID, Channel: r.Channel, ChannelRef: r.ChannelRef, Version: r.Version,
		})
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

func (s *service) ApplyModification(ctx context.Context, m Modification) (*domain.Reservation, error) {
	cur, err := s.repo.GetByChannelRef(ctx, m.Channel, m.ChannelRef)
	if err != nil {
		return nil, err
	}
	if cur.Status == domain.StatusCancelled {
		return nil, fmt.Errorf("%w: reservation %s is cancelled", domain.ErrConflict, cur.ID)
	}
	previous := cur.Stay
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		v, err := s.repo.UpdateStay(ctx, cur.ID, m.Stay, m.Total)
		if err != nil {
			return err
		}
		cur.Version, cur.Stay, cur.Total = v, m.Stay, m.Total
		return s.repo.AppendHistory(ctx, cur.ID, "modified", map[string]any{
			"modification_id": m.ModificationID, "from": previous, "to": m.Stay,
		})
	})
	if err != nil {
		return nil, err
	}
	if err := s.inventory.Move(ctx, cur.ID, previous, m.Stay); err != nil {
		return nil, fmt.Errorf("move inventory for %s: %w", cur.ID, err)
	}
	logx.From(ctx).Info("reservation modified", "reservation_id", cur.ID, "version", cur.Version)
	return cur, nil
}

func (s *service) CancelByChannelRef(ctx context.Context, channel, ref, reason string) (*domain.Reservation, error) {
	var out *domain.Reservation
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		r, err := s.repo.GetByChannelRef(ctx, channel, ref)
		if err != nil {
			return err
		}
		out = r
		changed, err := s.repo.TransitionStatus(ctx, r.ID, domain.StatusCancelled,
			domain.StatusPending, domain.StatusConfirmed)
		if err != nil || !changed {
			return err
		}
		out.Status = domain.StatusCancelled
		if err := s.inventory.Release(ctx, r.ID, "cancelled: "+reason); err != nil {
			return err
		}
		return s.outbox.Add(ctx, domain.EventReservationCancelled, domain.ReservationEvent{
			ReservationID: r.ID, Channel: channel, ChannelRef: ref, Version: r.Version + 1, Reason: reason,
		})
	})
	if errors.Is(err, domain.ErrNotFound) {
		return nil, fmt.Errorf("cancel %s/%s: %w", channel, ref, err)
	}
	return out, err
}

func (s *service) Get(ctx context.Context, id string) (*domain.Reservation, error) {
	return s.repo.Get(ctx, id)
}

func (s *service) FindByChannelRef(ctx context.Context, channel, ref string) (*domain.Reservation, error) {
	return s.repo.GetByChannelRef(ctx, channel, ref)
}
