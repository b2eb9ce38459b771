// Package hold manages short-lived seat holds taken while a customer is in
// the checkout flow.
package hold

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/jobs"
	"github.com/meridianrail/bookings/internal/platform/database"
)

// Errors.
var (
	ErrRequestKeyRequired = errors.New("hold request key required")
	ErrSeatsUnavailable   = errors.New("one or more seats are no longer available")
	ErrNoSeats            = errors.New("no seats requested")
)

// SeatRepository is the seat inventory.
type SeatRepository interface {
	HoldSeats(ctx context.Context, tripID, holdID string, seats []string) (int64, error)
	PriceSeats(ctx context.Context, tripID string, seats []string) (int64, string, error)
	ReleaseByHold(ctx context.Context, holdID string) (int64, error)
}

// RequestRepository maps client request keys to holds.
type RequestRepository interface {
	Claim(ctx context.Context, key string) (bool, error)
	Get(ctx context.Context, key string) (*domain.HoldRequest, error)
	AttachHold(ctx context.Context, key, holdID string) error
}

// Service implements seat holds.
type Service struct {
	tx       database.TxManager
	holds    database.Store[domain.SeatHold]
	requests RequestRepository
	seats    SeatRepository
	enqueuer jobs.Enqueuer
	ttl      time.Duration
	currency string
	log      *slog.Logger
}

// Option configures a Service.
type Option func(*Service)

// WithTTL sets how long a hold lasts.
func WithTTL(d time.Duration) Option { return func(s *Service) { s.ttl = d } }

// WithCurrency sets the pricing currency.
func WithCurrency(c string) Option { return func(s *Service) { s.currency = c } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New builds a Service.
func New(tx database.TxManager, holds database.Store[domain.SeatHold], requests RequestRepository,
	seats SeatRepository, enq jobs.Enqueuer, opts ...Option) *Service {
	s := &Service{
		tx: tx, holds: holds, requests: requests, seats: seats, enqueuer: enq,
		ttl: 12 * time.Minute, currency: "eur", log: slog.Default(),
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// CreateInput is a hold request.
type CreateInput struct {
	RequestKey string
	TripID     string
	CustomerID string
	Seats      []string
}

// Create holds the requested seats. The client's request key is claimed in
// the same transaction as the seat updates, so a retried request returns the
// hold the first attempt made.
func (s *Service) Create(ctx context.Context, in CreateInput) (*domain.SeatHold, error) {
	if in.RequestKey == "" {
		return nil, ErrRequestKeyRequired
	}
	if len(in.Seats) == 0 {
		return nil, ErrNoSeats
	}

	hold, err := database.WithTx(ctx, s.tx, func(ctx context.Context) (*domain.SeatHold, error) {
		claimed, err := s.requests.Claim(ctx, in.RequestKey)
		if err != nil {
			return nil, err
		}
		if !claimed {
			req, err := s.requests.Get(ctx, in.RequestKey)
			if err != nil {
				return nil, err
			}
			if req.HoldID == nil {
				return nil, fmt.Errorf("hold request %s has no hold", in.RequestKey)
			}
			return s.holds.FirstWhere(ctx, "id = ?", *req.HoldID)
		}

		amount, fareClass, err := s.seats.PriceSeats(ctx, in.TripID, in.Seats)
		if err != nil {
			return nil, err
		}
		now := time.Now().UTC()
		h := &domain.SeatHold{
			ID:          uuid.NewString(),
			TripID:      in.TripID,
			CustomerID:  in.CustomerID,
			SeatCount:   len(in.Seats),
			FareClass:   fareClass,
			AmountCents: amount,
			Currency:    s.currency,
			Status:      domain.HoldActive,
			ExpiresAt:   now.Add(s.ttl),
		}
		if err := s.holds.Create(ctx, h); err != nil {
			return nil, err
		}
		n, err := s.seats.HoldSeats(ctx, in.TripID, h.ID, in.Seats)
		if err != nil {
			return nil, err
		}
		if n != int64(len(in.Seats)) {
			return nil, ErrSeatsUnavailable
		}
		return h, s.requests.AttachHold(ctx, in.RequestKey, h.ID)
	})
	if err != nil {
		return nil, err
	}

	// Schedule expiry. The task id is derived from the hold, so a replayed
	// request just finds the task already scheduled.
	task, err := jobs.New(jobs.TypeHoldExpire, jobs.HoldExpirePayload{HoldID: hold.ID})
	if err != nil {
		return nil, err
	}
	if err := jobs.EnqueueUnique(ctx, s.enqueuer, task, "hold-expire:"+hold.ID,
		asynq.ProcessAt(hold.ExpiresAt), asynq.Queue(jobs.QueueCritical)); err != nil {
		return nil, err
	}
	return hold, nil
}

// Expire releases an unconverted hold once its time is up.
func (s *Service) Expire(ctx context.Context, holdID string) error {
	h, err := s.holds.FirstWhere(ctx, "id = ?", holdID)
	if errors.Is(err, database.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if h.Status != domain.HoldActive {
		// Converted into a booking, released by the customer, or already
		// expired by an earlier run.
		return nil
	}
	if time.Now().Before(h.ExpiresAt) {
		return fmt.Errorf("hold %s not yet expired", h.ID)
	}

	if _, err := s.holds.UpdateWhere(ctx,
		map[string]any{"status": domain.HoldExpired, "updated_at": time.Now().UTC()},
		"id = ? AND status = ?", h.ID, domain.HoldActive); err != nil {
		return fmt.Errorf("expire hold: %w", err)
	}
	released, err := s.seats.ReleaseByHold(ctx, h.ID)
	if err != nil {
		return fmt.Errorf("release held seats: %w", err)
	}
	s.log.InfoContext(ctx, "hold expired", "hold_id", h.ID, "seats_released", released)
	return nil
}
