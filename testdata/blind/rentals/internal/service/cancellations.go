package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/events"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/payments"
	"github.com/gearloop/rentals/internal/store"
	"github.com/gearloop/rentals/internal/tasks"
)

// CancelResult tells the caller what was refunded.
type CancelResult struct {
	Booking        domain.Booking `json:"booking"`
	RefundedCents  int64          `json:"refunded_cents"`
	StripeRefundID string         `json:"stripe_refund_id,omitempty"`
}

// Cancellations cancels bookings and cleans up after them.
type Cancellations interface {
	Cancel(ctx context.Context, actorID, bookingID, reason string) (CancelResult, error)
	ReleaseResources(ctx context.Context, bookingID string) error
}

type cancellationService struct {
	uow      store.UnitOfWork
	repos    store.Repos
	payments payments.Gateway
	events   events.Publisher
	tasks    tasks.Enqueuer
	policy   domain.RefundPolicy
	clock    Clock
	log      *slog.Logger
}

// NewCancellations builds the cancellation service.
func NewCancellations(uow store.UnitOfWork, repos store.Repos, gw payments.Gateway, pub events.Publisher,
	tq tasks.Enqueuer, clock Clock, log *slog.Logger) Cancellations {
	return &cancellationService{
		uow: uow, repos: repos, payments: gw, events: pub, tasks: tq,
		policy: domain.DefaultRefundPolicy, clock: clock, log: log,
	}
}

func (s *cancellationService) Cancel(ctx context.Context, actorID, bookingID, reason string) (CancelResult, error) {
	b, err := s.repos.Bookings.Get(ctx, bookingID)
	if err != nil {
		return CancelResult{}, err
	}
	if b.Status == domain.BookingCancelled {
		return CancelResult{}, domain.ErrAlreadyCancelled
	}
	byOwner := actorID == b.OwnerID
	if !byOwner && actorID != b.RenterID {
		return CancelResult{}, domain.ErrForbidden
	}
	now := s.clock.Now()
	amount := s.policy.Refundable(b, now, byOwner)

	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		ok, err := r.Bookings.MarkCancelled(ctx, b.ID, actorID, now)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrAlreadyCancelled
		}
		return nil
	})
	if err != nil {
		return CancelResult{}, err
	}
	b.Status = domain.BookingCancelled

	ev := domain.NewEvent(domain.EventBookingCancelled, b.ID, map[string]string{
		"booking_id": b.ID, "by_owner": fmt.Sprint(byOwner),
	})
	logErr(s.log, "publish booking.cancelled", s.events.Publish(ctx, ev), "booking_id", b.ID)

	res := CancelResult{Booking: b}
	if amount == 0 || !b.PaymentIntentID.Valid {
		return res, nil
	}

	refundID, err := s.payments.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: b.PaymentIntentID.String,
		AmountCents:     amount,
		Reason:          reason,
		BookingID:       b.ID,
	})
	if err != nil {
		return res, fmt.Errorf("refund cancelled booking: %w", err)
	}

	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		return r.Refunds.Insert(ctx, domain.Refund{
			ID:             ids.NewUUID(),
			BookingID:      b.ID,
			AmountCents:    amount,
			Currency:       b.Currency,
			StripeRefundID: refundID,
			Reason:         reason,
			CreatedAt:      now,
		})
	})
	if err != nil {
		return res, fmt.Errorf("record refund: %w", err)
	}
	res.RefundedCents = amount
	res.StripeRefundID = refundID
	return res, nil
}

// ReleaseResources frees the calendar and cancels courier legs and the
// deposit hold of a cancelled booking.
func (s *cancellationService) ReleaseResources(ctx context.Context, bookingID string) error {
	var releaseDeposit string
	err := s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		b, err := r.Bookings.Get(ctx, bookingID)
		if err != nil {
			return err
		}
		if b.Status != domain.BookingCancelled {
			return nil
		}
		if _, err := r.Holds.ReleaseForBooking(ctx, b.ID); err != nil {
			return fmt.Errorf("release holds: %w", err)
		}
		if _, err := r.Deliveries.CancelPendingForBooking(ctx, b.ID); err != nil {
			return fmt.Errorf("cancel deliveries: %w", err)
		}
		dep, err := r.Deposits.GetByBooking(ctx, b.ID)
		switch {
		case errors.Is(err, domain.ErrNotFound):
			return nil
		case err != nil:
			return err
		}
		switch dep.Status {
		case domain.DepositPending:
			_, err = r.Deposits.SetStatus(ctx, dep.ID, domain.DepositPending, domain.DepositReleased)
			return err
		case domain.DepositAuthorized:
			releaseDeposit = dep.ID
		}
		return nil
	})
	if err != nil {
		return err
	}
	if releaseDeposit != "" {
		return s.tasks.DepositRelease(ctx, releaseDeposit)
	}
	return nil
}
