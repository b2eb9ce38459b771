// Package reservation implements service.Reservations: plot holds with a
// card deposit, cancellation and refunds, and expiry of unpaid holds.
package reservation

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/jobs"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/queue"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
	"github.com/hollowpine-memorial/plotkeeper/internal/uow"
)

// Options holds the dependencies of Service.
type Options struct {
	UoW          uow.Runner
	Reservations repository.Reservations
	Plots        repository.Plots
	Payments     provider.Payments
	Queue        queue.Enqueuer
	Logger       *zap.Logger

	DepositCents int64
	Currency     string

	// Now and IdempotencyKey can be replaced in tests.
	Now            func() time.Time
	IdempotencyKey func(scope string) string
}

// Service implements service.Reservations.
type Service struct {
	uow          uow.Runner
	reservations repository.Reservations
	plots        repository.Plots
	payments     provider.Payments
	queue        queue.Enqueuer
	log          *zap.Logger

	depositCents int64
	currency     string
	now          func() time.Time
	newKey       func(scope string) string
}

var _ service.Reservations = (*Service)(nil)

// New builds a Service, filling defaults for optional fields.
func New(opts Options) *Service {
	s := &Service{
		uow:          opts.UoW,
		reservations: opts.Reservations,
		plots:        opts.Plots,
		payments:     opts.Payments,
		queue:        opts.Queue,
		log:          opts.Logger,
		depositCents: opts.DepositCents,
		currency:     opts.Currency,
		now:          opts.Now,
		newKey:       opts.IdempotencyKey,
	}
	if s.log == nil {
		s.log = zap.NewNop()
	}
	if s.currency == "" {
		s.currency = "usd"
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.newKey == nil {
		s.newKey = func(scope string) string {
			return scope + "-" + uuid.NewString()
		}
	}
	return s
}

// Reserve holds a plot for a family and opens the deposit PaymentIntent.
// The caller's request key makes a repeated request return the original
// reservation instead of creating another.
func (s *Service) Reserve(ctx context.Context, in service.ReserveInput) (service.ReserveResult, error) {
	if strings.TrimSpace(in.RequestKey) == "" || in.PlotID == "" || in.FamilyID == "" || in.StripeCustomerID == "" {
		return service.ReserveResult{}, fmt.Errorf("%w: request key, plot, family and customer are required", service.ErrValidation)
	}

	var res domain.Reservation
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		r, created, err := s.reservations.CreateOrGet(ctx, domain.Reservation{
			ID:           "rsv_" + uuid.NewString(),
			RequestKey:   in.RequestKey,
			PlotID:       in.PlotID,
			FamilyID:     in.FamilyID,
			Status:       domain.ReservationPendingDeposit,
			DepositCents: s.depositCents,
		})
		if err != nil {
			return err
		}
		res = r
		if !created {
			return nil
		}
		held, err := s.plots.Hold(ctx, in.PlotID, r.ID)
		if err != nil {
			return err
		}
		if !held {
			return service.ErrPlotUnavailable
		}
		return nil
	})
	if err != nil {
		return service.ReserveResult{}, err
	}
	if res.Status != domain.ReservationPendingDeposit {
		return service.ReserveResult{Reservation: res}, nil
	}

	// Keyed on the reservation, so a replayed request gets the same
	// PaymentIntent (and client secret) back from Stripe.
	pi, err := s.payments.CreateDepositIntent(ctx, provider.DepositIntent{
		RequestOptions: provider.RequestOptions{IdempotencyKey: "deposit:" + res.ID},
		CustomerID:     in.StripeCustomerID,
		AmountCents:    res.DepositCents,
		Currency:       s.currency,
		ReservationID:  res.ID,
		Description:    "Plot reservation deposit " + res.ID,
	})
	if err != nil {
		return service.ReserveResult{}, err
	}
	if err := s.reservations.SetPaymentIntent(ctx, res.ID, in.StripeCustomerID, pi.ID); err != nil {
		return service.ReserveResult{}, err
	}
	res.StripePaymentIntentID.String, res.StripePaymentIntentID.Valid = pi.ID, true
	return service.ReserveResult{Reservation: res, ClientSecret: pi.ClientSecret}, nil
}

// Cancel cancels a reservation, frees the plot and, when a deposit was
// taken, queues its refund.
func (s *Service) Cancel(ctx context.Context, reservationID, reason string) error {
	r, err := s.reservations.Get(ctx, reservationID)
	if err != nil {
		return err
	}
	paid := r.Status == domain.ReservationConfirmed

	ok, err := s.reservations.Cancel(ctx, r.ID, reason)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: reservation %s is %s", service.ErrInvalidState, r.ID, r.Status)
	}
	if err := s.plots.Release(ctx, r.PlotID, r.ID); err != nil {
		return fmt.Errorf("release plot %s: %w", r.PlotID, err)
	}
	if paid {
		if err := s.queue.Enqueue(ctx, jobs.DepositRefundArgs{ReservationID: r.ID}, nil); err != nil {
			return fmt.Errorf("queue refund: %w", err)
		}
	}
	s.log.Info("reservation cancelled", zap.String("reservation_id", r.ID), zap.Bool("refund_queued", paid))
	return nil
}

// RefundDeposit returns a cancelled reservation's deposit to the card.
func (s *Service) RefundDeposit(ctx context.Context, reservationID string) error {
	r, err := s.reservations.Get(ctx, reservationID)
	if err != nil {
		return err
	}
	switch r.Status {
	case domain.ReservationRefunded:
		return nil
	case domain.ReservationCancelled:
	default:
		return fmt.Errorf("%w: reservation %s is %s", service.ErrInvalidState, r.ID, r.Status)
	}
	if !r.StripePaymentIntentID.Valid {
		return fmt.Errorf("reservation %s has no deposit payment", r.ID)
	}

	refund, err := s.payments.Refund(ctx, provider.RefundRequest{
		RequestOptions:  provider.RequestOptions{IdempotencyKey: s.newKey("refund")},
		PaymentIntentID: r.StripePaymentIntentID.String,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"reservation_id": r.ID},
	})
	if err != nil {
		return err
	}
	if _, err := s.reservations.MarkRefunded(ctx, r.ID, refund.ID); err != nil {
		return fmt.Errorf("record refund %s: %w", refund.ID, err)
	}
	return nil
}
