// Package booking owns the booking lifecycle: creating a booking from a
// seat hold and taking payment, cancellation, customer-service refunds, and
// applying settled refunds reported by Stripe.
package booking

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/mailer"
	"github.com/meridianrail/bookings/internal/providers/stripepay"
)

// Errors returned to the HTTP layer.
var (
	ErrIdempotencyKeyRequired = errors.New("idempotency key required")
	ErrIdempotencyKeyReused   = errors.New("idempotency key reused with a different request")
	ErrHoldNotFound           = errors.New("hold not found")
	ErrHoldNotActive          = errors.New("hold is no longer active")
	ErrBookingNotFound        = errors.New("booking not found")
	ErrNotCancellable         = errors.New("booking cannot be cancelled")
	ErrNoCapturedPayment      = errors.New("booking has no captured payment")
	ErrRefundExceedsTotal     = errors.New("refund exceeds amount paid")
)

// PaymentGateway is the Stripe surface the booking flows use.
type PaymentGateway interface {
	CreatePaymentIntent(ctx context.Context, req stripepay.IntentRequest) (*stripepay.IntentResult, error)
	Refund(ctx context.Context, req stripepay.RefundRequest) (*stripepay.RefundResult, error)
}

// SeatRepository moves seats between held, booked and free.
type SeatRepository interface {
	AssignToBooking(ctx context.Context, holdID, bookingID string) (int64, error)
	ReleaseByBooking(ctx context.Context, bookingID string) (int64, error)
}

// IdempotencyRepository stores caller-supplied keys inside the caller's
// transaction.
type IdempotencyRepository interface {
	Claim(ctx context.Context, scope, key, requestHash string) (*domain.IdempotencyRecord, bool, error)
	Attach(ctx context.Context, scope, key, resourceID string) error
	Complete(ctx context.Context, scope, key string, code int, body any) error
}

// Outbox writes integration events in the current transaction.
type Outbox interface {
	Add(ctx context.Context, id, topic, key string, payload any) error
}

// Mailer sends transactional e-mail.
type Mailer interface {
	Send(ctx context.Context, m mailer.Message) (string, error)
}

// Deps are the collaborators of Service.
type Deps struct {
	Tx          database.TxManager
	Bookings    database.Store[domain.Booking]
	Holds       database.Store[domain.SeatHold]
	Payments    database.Store[domain.Payment]
	Refunds     database.Store[domain.Refund]
	IdemRecords database.Store[domain.IdempotencyRecord]
	Idem        IdempotencyRepository
	Seats       SeatRepository
	Outbox      Outbox
	Gateway     PaymentGateway
	Policy      RefundPolicy
	Clock       func() time.Time
	Log         *slog.Logger
}

// Service implements the booking use cases.
type Service struct {
	Deps
}

// New builds a Service.
func New(d Deps) *Service {
	if d.Clock == nil {
		d.Clock = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{Deps: d}
}

func (s *Service) now() time.Time { return s.Clock().UTC() }

// Get loads a booking.
func (s *Service) Get(ctx context.Context, id string) (*domain.Booking, error) {
	b, err := s.Bookings.FirstWhere(ctx, "id = ?", id)
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrBookingNotFound
	}
	return b, err
}
