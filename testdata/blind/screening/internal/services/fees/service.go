// Package fees charges the applicant's application fee by card and handles
// refunds and Stripe's asynchronous payment events.
package fees

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/platform/dbtx"
	"github.com/tenantlens/screening/internal/providers/payments"
)

type Store interface {
	dbtx.TxRunner
	ApplicationForManager(ctx context.Context, managerID, id string) (domain.Application, error)
	EnsureFeeCharge(ctx context.Context, f domain.FeeCharge) (domain.FeeCharge, bool, error)
	FeeForApplication(ctx context.Context, q dbtx.Queryer, applicationID string) (domain.FeeCharge, error)
	FeeByPaymentIntent(ctx context.Context, q dbtx.Queryer, piID string) (domain.FeeCharge, error)
	SetFeeOutcome(ctx context.Context, q dbtx.Queryer, id, piID, status, failure string) error
	EnsureFeeRefund(ctx context.Context, r domain.FeeRefund) (domain.FeeRefund, error)
	CompleteFeeRefund(ctx context.Context, refundID, stripeRefundID string) error
	SumPendingRefunds(ctx context.Context, feeID string) (int64, error)
}

// Gateway is the card processor.
type Gateway interface {
	ChargeFee(ctx context.Context, in payments.ChargeInput, opts ...payments.CallOption) (payments.ChargeResult, error)
	Refund(ctx context.Context, paymentIntentID string, amountCents int64, reason string, opts ...payments.CallOption) (string, error)
}

type Service struct {
	store    Store
	gateway  Gateway
	newID    func() string
	now      func() time.Time
	feeCents int64
}

func NewService(st Store, gw Gateway, newID func() string, feeCents int64) *Service {
	return &Service{store: st, gateway: gw, newID: newID, now: time.Now, feeCents: feeCents}
}

// Charge collects the application fee with the given card PaymentMethod.
//
// The fee row is the durable record of the charge attempt; its id is the
// Stripe idempotency key, so a retried request replays Stripe's first
// answer instead of charging the card again.
func (s *Service) Charge(ctx context.Context, managerID, applicationID, paymentMethodID string) (domain.FeeCharge, error) {
	if paymentMethodID == "" {
		return domain.FeeCharge{}, domain.Invalid("payment_method_id", "required")
	}
	app, err := s.store.ApplicationForManager(ctx, managerID, applicationID)
	if err != nil {
		return domain.FeeCharge{}, err
	}
	if app.Status == domain.AppWithdrawn {
		return domain.FeeCharge{}, fmt.Errorf("application withdrawn: %w", domain.ErrConflict)
	}
	fee, _, err := s.store.EnsureFeeCharge(ctx, domain.FeeCharge{
		ID:              "fee_" + s.newID(),
		ApplicationID:   app.ID,
		AmountCents:     s.feeCents,
		Currency:        "usd",
		PaymentMethodID: paymentMethodID,
		Status:          domain.FeePending,
	})
	if err != nil {
		return domain.FeeCharge{}, err
	}
	switch fee.Status {
	case domain.FeeSucceeded, domain.FeeRefunded:
		return fee, nil
	}

	res, err := s.gateway.ChargeFee(ctx, payments.ChargeInput{
		AmountCents:     fee.AmountCents,
		Currency:        fee.Currency,
		PaymentMethodID: fee.PaymentMethodID,
		Description:     "Rental application screening fee",
		ReceiptEmail:    app.Applicant.Email,
		Metadata:        map[string]string{"application_id": app.ID, "fee_id": fee.ID},
	}, payments.WithIdempotencyKey(fee.ID))
	if err != nil {
		return domain.FeeCharge{}, err
	}
	err = s.store.WithTx(ctx, func(tx *sql.Tx) error {
		return s.store.SetFeeOutcome(ctx, tx, fee.ID, res.PaymentIntentID, res.Status, res.FailureMessage)
	})
	if err != nil {
		return domain.FeeCharge{}, err
	}
	fee.StripePaymentIntentID = res.PaymentIntentID
	fee.Status = res.Status
	fee.FailureMessage = res.FailureMessage
	return fee, nil
}

// RefundInput is a refund request from the manager.
type RefundInput struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// Refund refunds part or all of the application fee. requestKey is the
// caller's Idempotency-Key; the refund row is keyed by it.
func (s *Service) Refund(ctx context.Context, managerID, applicationID, requestKey string, in RefundInput) (domain.FeeRefund, error) {
	if requestKey == "" {
		return domain.FeeRefund{}, domain.Invalid("Idempotency-Key", "header is required")
	}
	if in.Reason == "" {
		return domain.FeeRefund{}, domain.Invalid("reason", "required")
	}
	app, err := s.store.ApplicationForManager(ctx, managerID, applicationID)
	if err != nil {
		return domain.FeeRefund{}, err
	}
	var fee domain.FeeCharge
	err = s.store.WithTx(ctx, func(tx *sql.Tx) error {
		fee, err = s.store.FeeForApplication(ctx, tx, app.ID)
		return err
	})
	if err != nil {
		return domain.FeeRefund{}, err
	}
	if fee.Status != domain.FeeSucceeded || fee.StripePaymentIntentID == "" {
		return domain.FeeRefund{}, fmt.Errorf("fee is %s: %w", fee.Status, domain.ErrConflict)
	}
	amount := in.AmountCents
	if amount == 0 {
		amount = fee.AmountCents - fee.RefundedCents
	}
	refund, err := s.store.EnsureFeeRefund(ctx, domain.FeeRefund{
		ID:          "rfd_" + s.newID(),
		FeeChargeID: fee.ID,
		AmountCents: amount,
		Reason:      in.Reason,
		RequestKey:  requestKey,
	})
	if err != nil {
		return domain.FeeRefund{}, err
	}
	if refund.Status == "succeeded" {
		return refund, nil
	}
	// Pending refunds include this one.
	pending, err := s.store.SumPendingRefunds(ctx, fee.ID)
	if err != nil {
		return domain.FeeRefund{}, err
	}
	if refund.AmountCents <= 0 || fee.RefundedCents+pending > fee.AmountCents {
		return domain.FeeRefund{}, domain.Invalid("amount_cents", "exceeds the refundable balance")
	}

	stripeRefundID, err := s.gateway.Refund(ctx, fee.StripePaymentIntentID, refund.AmountCents, refund.Reason)
	if err != nil {
		return domain.FeeRefund{}, err
	}
	if err := s.store.CompleteFeeRefund(ctx, refund.ID, stripeRefundID); err != nil {
		return domain.FeeRefund{}, err
	}
	refund.StripeRefundID = stripeRefundID
	refund.Status = "succeeded"
	return refund, nil
}

// ApplyEvent applies a verified Stripe webhook event to the fee it concerns.
func (s *Service) ApplyEvent(ctx context.Context, evt payments.Event) error {
	var status string
	switch evt.Type {
	case "payment_intent.succeeded":
		status = domain.FeeSucceeded
	case "payment_intent.payment_failed", "payment_intent.canceled":
		status = domain.FeeFailed
	default:
		return nil
	}
	return s.store.WithTx(ctx, func(tx *sql.Tx) error {
		fee, err := s.store.FeeByPaymentIntent(ctx, tx, evt.PaymentIntentID)
		if errors.Is(err, domain.ErrNotFound) {
			slog.InfoContext(ctx, "stripe event for unknown payment intent", "event", evt.ID, "pi", evt.PaymentIntentID)
			return nil
		}
		if err != nil {
			return err
		}
		return s.store.SetFeeOutcome(ctx, tx, fee.ID, evt.PaymentIntentID, status, evt.FailureMessage)
	})
}
