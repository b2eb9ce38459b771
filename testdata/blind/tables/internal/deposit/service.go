// Package deposit collects booking deposits, refunds them, and applies the
// payment provider's asynchronous outcomes.
package deposit

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/ids"
	"github.com/tablewise/reservations/internal/payments"
	"github.com/tablewise/reservations/internal/pgconv"
	"github.com/tablewise/reservations/internal/store"
)

const (
	StatusPending        = "pending"
	StatusRequiresAction = "requires_action"
	StatusProcessing     = "processing"
	StatusSucceeded      = "succeeded"
	StatusFailed         = "failed"
	StatusRefunded       = "refunded"
)

var (
	ErrNoDepositDue    = errors.New("deposit: booking does not require a deposit")
	ErrBookingClosed   = errors.New("deposit: booking is no longer active")
	ErrNoStripeProfile = errors.New("deposit: diner has no saved payment profile")
)

// Service is used by the HTTP API and the Stripe webhook.
type Service interface {
	Collect(ctx context.Context, bookingID, paymentMethodID string) (db.Deposit, error)
	SubmitRefund(ctx context.Context, r db.Refund) (db.Refund, error)
	ApplyPaymentSucceeded(ctx context.Context, paymentIntentID string) error
	ApplyPaymentFailed(ctx context.Context, paymentIntentID string) error
	ApplyRefunded(ctx context.Context, paymentIntentID string) error
}

type service struct {
	st  *store.Store
	gw  payments.Gateway
	log *slog.Logger
}

func New(st *store.Store, gw payments.Gateway, log *slog.Logger) Service {
	return &service{st: st, gw: gw, log: log.With("component", "deposit")}
}

// Collect authorises the deposit for a booking. The deposit row is keyed by
// booking, so repeated calls reuse the same row and the same provider key.
func (s *service) Collect(ctx context.Context, bookingID, paymentMethodID string) (db.Deposit, error) {
	b, err := s.st.GetBooking(ctx, bookingID)
	if err != nil {
		return db.Deposit{}, err
	}
	if b.DepositCents <= 0 {
		return db.Deposit{}, ErrNoDepositDue
	}
	if b.Status != "pending" && b.Status != "confirmed" {
		return db.Deposit{}, ErrBookingClosed
	}
	diner, err := s.st.GetDiner(ctx, b.DinerID.String)
	if err != nil {
		return db.Deposit{}, err
	}
	if !diner.StripeCustomerID.Valid {
		return db.Deposit{}, ErrNoStripeProfile
	}
	r, err := s.st.GetRestaurant(ctx, b.RestaurantID)
	if err != nil {
		return db.Deposit{}, err
	}

	dep, err := s.st.UpsertPendingDeposit(ctx, db.UpsertPendingDepositParams{
		ID:          ids.New(ids.PrefixDeposit),
		BookingID:   b.ID,
		AmountCents: b.DepositCents,
		Currency:    r.Currency,
	})
	if err != nil {
		return db.Deposit{}, fmt.Errorf("deposit: upsert: %w", err)
	}
	switch dep.Status {
	case StatusSucceeded, StatusProcessing, StatusRefunded:
		return dep, nil
	}

	charge, err := s.gw.AuthorizeDeposit(ctx, payments.DepositCharge{
		AmountCents:   dep.AmountCents,
		Currency:      dep.Currency,
		CustomerID:    diner.StripeCustomerID.String,
		PaymentMethod: paymentMethodID,
	},
		payments.WithIdempotencyKey(payments.Key("deposit", dep.ID, paymentMethodID)),
		payments.WithMetadata("booking_id", b.ID),
		payments.WithMetadata("deposit_id", dep.ID),
		payments.WithDescription("Deposit "+r.Name),
	)
	s.recordAttempt(ctx, dep.ID, err)
	if err != nil {
		return dep, err
	}

	status := statusFromIntent(charge.Status)
	if err := s.st.SetDepositPaymentIntent(ctx, db.SetDepositPaymentIntentParams{
		ID:                    dep.ID,
		StripePaymentIntentID: pgconv.Text(charge.PaymentIntentID),
		Status:                status,
	}); err != nil {
		return dep, fmt.Errorf("deposit: save intent: %w", err)
	}
	dep.Status = status
	dep.StripePaymentIntentID = pgconv.Text(charge.PaymentIntentID)
	return dep, nil
}

// recordAttempt appends to the attempt log used by support tooling.
func (s *service) recordAttempt(ctx context.Context, depositID string, callErr error) {
	outcome, detail := "accepted", ""
	if callErr != nil {
		outcome, detail = "error", callErr.Error()
		if errors.Is(callErr, payments.ErrCardDeclined) {
			outcome = "declined"
		}
	}
	if err := s.st.InsertPaymentAttempt(ctx, db.InsertPaymentAttemptParams{
		ID:          ids.New(ids.PrefixAttempt),
		DepositID:   depositID,
		Outcome:     outcome,
		ErrorDetail: pgconv.Text(detail),
	}); err != nil {
		s.log.WarnContext(ctx, "record payment attempt", "deposit_id", depositID, "err", err)
	}
}

func statusFromIntent(s string) string {
	switch s {
	case "succeeded":
		return StatusProcessing // confirmed by webhook
	case "requires_action", "requires_confirmation", "requires_payment_method":
		return StatusRequiresAction
	case "processing":
		return StatusProcessing
	default:
		return StatusPending
	}
}

// SubmitRefund sends a refund row that has already been committed. The
// refund row's ID is the provider idempotency key.
func (s *service) SubmitRefund(ctx context.Context, r db.Refund) (db.Refund, error) {
	if r.Status != "pending" {
		return r, nil
	}
	dep, err := s.st.GetDepositByBooking(ctx, r.BookingID)
	if err != nil {
		return r, fmt.Errorf("deposit: load for refund: %w", err)
	}
	res, err := s.gw.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: dep.StripePaymentIntentID.String,
		AmountCents:     r.AmountCents,
		Reason:          "requested_by_customer",
	},
		payments.WithIdempotencyKey(payments.Key("refund", r.ID)),
		payments.WithMetadata("booking_id", r.BookingID),
	)
	if err != nil {
		return r, err
	}
	if err := s.st.MarkRefundSubmitted(ctx, db.MarkRefundSubmittedParams{
		ID:             r.ID,
		StripeRefundID: pgconv.Text(res.RefundID),
	}); err != nil {
		return r, fmt.Errorf("deposit: mark refund submitted: %w", err)
	}
	r.Status = "submitted"
	r.StripeRefundID = pgconv.Text(res.RefundID)
	return r, nil
}

// ApplyPaymentSucceeded marks the deposit paid and credits the restaurant.
func (s *service) ApplyPaymentSucceeded(ctx context.Context, paymentIntentID string) error {
	return s.st.ExecTx(ctx, func(q *db.Queries) error {
		dep, err := q.MarkDepositSucceeded(ctx, pgconv.Text(paymentIntentID))
		if store.IsNotFound(err) {
			s.log.InfoContext(ctx, "payment intent is not a deposit", "payment_intent", paymentIntentID)
			return nil
		}
		if err != nil {
			return err
		}
		b, err := q.GetBooking(ctx, dep.BookingID)
		if err != nil {
			return err
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:           ids.New(ids.PrefixLedger),
			RestaurantID: b.RestaurantID,
			BookingID:    pgconv.Text(b.ID),
			Kind:         "deposit",
			AmountCents:  dep.AmountCents,
		}); err != nil {
			return err
		}
		return q.CreditPendingBalance(ctx, db.CreditPendingBalanceParams{
			RestaurantID: b.RestaurantID,
			PendingCents: dep.AmountCents,
		})
	})
}

func (s *service) ApplyPaymentFailed(ctx context.Context, paymentIntentID string) error {
	return s.st.MarkDepositFailed(ctx, pgconv.Text(paymentIntentID))
}

// ApplyRefunded reverses the restaurant credit for a refunded deposit.
func (s *service) ApplyRefunded(ctx context.Context, paymentIntentID string) error {
	return s.st.ExecTx(ctx, func(q *db.Queries) error {
		dep, err := q.GetDepositByPaymentIntent(ctx, pgconv.Text(paymentIntentID))
		if store.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		rf, err := q.GetRefundByBooking(ctx, dep.BookingID)
		if store.IsNotFound(err) {
			// Refunded from the Stripe dashboard; nothing of ours to reverse.
			s.log.WarnContext(ctx, "refund without refund row", "deposit_id", dep.ID)
			return q.MarkDepositRefunded(ctx, dep.StripePaymentIntentID)
		}
		if err != nil {
			return err
		}
		b, err := q.GetBooking(ctx, dep.BookingID)
		if err != nil {
			return err
		}
		if err := q.MarkDepositRefunded(ctx, dep.StripePaymentIntentID); err != nil {
			return err
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:           ids.New(ids.PrefixLedger),
			RestaurantID: b.RestaurantID,
			BookingID:    pgconv.Text(b.ID),
			Kind:         "deposit_refund",
			AmountCents:  -rf.AmountCents,
		}); err != nil {
			return err
		}
		return q.CreditPendingBalance(ctx, db.CreditPendingBalanceParams{
			RestaurantID: b.RestaurantID,
			PendingCents: -rf.AmountCents,
		})
	})
}
