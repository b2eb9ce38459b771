package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/civicworks/permits/internal/clients/payments"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
	"github.com/civicworks/permits/internal/store"
)

// Fees handles application fees and their refunds.
type Fees interface {
	StartPayment(ctx context.Context, residentID uuid.UUID, applicationID string) (*Checkout, error)
	StaffRefund(ctx context.Context, in StaffRefundInput) (*permits.Refund, error)
	RefundForWithdrawal(ctx context.Context, applicationID string) error
}

// Checkout is what the client needs to confirm a payment with Stripe.js.
type Checkout struct {
	ApplicationID   string `json:"application_id,omitempty"`
	RenewalID       string `json:"renewal_id,omitempty"`
	AmountCents     int64  `json:"amount_cents"`
	Currency        string `json:"currency"`
	PaymentIntentID string `json:"payment_intent_id,omitempty"`
	ClientSecret    string `json:"client_secret,omitempty"`
	Status          string `json:"status"`
}

// StaffRefundInput is a refund issued by a clerk from the back office.
type StaffRefundInput struct {
	StaffID     uuid.UUID
	PaymentID   uuid.UUID
	RequestKey  string
	AmountCents int64
	Reason      string
}

// FeeOption configures the Fees service.
type FeeOption func(*feeService)

// WithFeeSchedule overrides the fee schedule.
func WithFeeSchedule(s FeeSchedule) FeeOption {
	return func(f *feeService) { f.schedule = s }
}

// WithCurrency overrides the currency charged.
func WithCurrency(c string) FeeOption {
	return func(f *feeService) { f.currency = c }
}

type feeService struct {
	pool      *pgxpool.Pool
	apps      store.ApplicationRepo
	payments  store.PaymentRepo
	refunds   store.RefundRepo
	residents store.ResidentRepo
	gateway   payments.Gateway
	schedule  FeeSchedule
	currency  string
	log       *slog.Logger
}

// FeeDeps are the dependencies of the Fees service.
type FeeDeps struct {
	Pool      *pgxpool.Pool
	Apps      store.ApplicationRepo
	Payments  store.PaymentRepo
	Refunds   store.RefundRepo
	Residents store.ResidentRepo
	Gateway   payments.Gateway
	Log       *slog.Logger
}

// NewFees builds the Fees service.
func NewFees(d FeeDeps, opts ...FeeOption) Fees {
	s := &feeService{
		pool:      d.Pool,
		apps:      d.Apps,
		payments:  d.Payments,
		refunds:   d.Refunds,
		residents: d.Residents,
		gateway:   d.Gateway,
		schedule:  DefaultFeeSchedule,
		currency:  "usd",
		log:       d.Log.With("service", "fees"),
	}
	for _, opt := range opts {
		opt(s)
	}
	return s
}

const withdrawalRefundKey = "withdrawal"

type pendingPayment struct {
	app      *permits.Application
	payment  *permits.FeePayment
	resident *permits.Resident
}

func (s *feeService) StartPayment(ctx context.Context, residentID uuid.UUID, applicationID string) (*Checkout, error) {
	pp, err := dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (pendingPayment, error) {
		app, err := s.apps.GetForUpdate(ctx, tx, applicationID)
		if err != nil {
			return pendingPayment{}, notFound("application", err)
		}
		if err := ownedBy(app, residentID); err != nil {
			return pendingPayment{}, err
		}
		fee := app.FeeCents
		switch app.Status {
		case permits.StatusDraft:
			fee = s.schedule.For(app)
			if err := s.apps.MarkSubmitted(ctx, tx, app.ID, fee); err != nil {
				return pendingPayment{}, err
			}
		case permits.StatusAwaitingPayment, permits.StatusUnderReview:
		default:
			return pendingPayment{}, permits.ErrInvalidState
		}
		payment, err := s.payments.CreateIfAbsent(ctx, tx, &permits.FeePayment{
			ID:            uuid.New(),
			ApplicationID: app.ID,
			AmountCents:   fee,
			Currency:      s.currency,
		})
		if err != nil {
			return pendingPayment{}, err
		}
		resident, err := s.residents.Get(ctx, tx, residentID)
		if err != nil {
			return pendingPayment{}, notFound("resident", err)
		}
		return pendingPayment{app: app, payment: payment, resident: resident}, nil
	})
	if err != nil {
		return nil, err
	}

	p := pp.payment
	out := &Checkout{ApplicationID: p.ApplicationID, AmountCents: p.AmountCents, Currency: p.Currency, Status: p.Status}
	if p.Status == "paid" {
		return out, nil
	}
	if p.PaymentIntentID != "" {
		intent, err := s.gateway.GetIntent(ctx, p.PaymentIntentID)
		if err != nil {
			return nil, err
		}
		out.PaymentIntentID, out.ClientSecret = intent.ID, intent.ClientSecret
		return out, nil
	}

	intent, err := s.gateway.CreateIntent(ctx, payments.IntentRequest{
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Description: fmt.Sprintf("Permit application fee (%s)", pp.app.Kind),
		Email:       pp.resident.Email,
		Metadata: map[string]string{
			"purpose":        "application_fee",
			"application_id": p.ApplicationID,
			"payment_id":     p.ID.String(),
		},
	}, payments.WithIdempotencyKey("appfee-"+p.ID.String()))
	if err != nil {
		return nil, err
	}
	if err := s.payments.AttachIntent(ctx, s.pool, p.ID, intent.ID); err != nil {
		return nil, err
	}
	out.PaymentIntentID, out.ClientSecret = intent.ID, intent.ClientSecret
	return out, nil
}

func (s *feeService) StaffRefund(ctx context.Context, in StaffRefundInput) (*permits.Refund, error) {
	if in.AmountCents <= 0 {
		return nil, validation("amount must be positive")
	}
	if in.RequestKey == "" {
		return nil, validation("request key is required")
	}
	payment, err := s.payments.Get(ctx, s.pool, in.PaymentID)
	if err != nil {
		return nil, notFound("payment", err)
	}
	if payment.Status != "paid" || payment.PaymentIntentID == "" {
		return nil, permits.ErrInvalidState
	}

	refund, err := dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (*permits.Refund, error) {
		candidate := &permits.Refund{
			ID:          uuid.New(),
			PaymentID:   payment.ID,
			RequestKey:  in.RequestKey,
			AmountCents: in.AmountCents,
			Reason:      in.Reason,
			RequestedBy: &in.StaffID,
		}
		refunded, err := s.refunds.SumSucceeded(ctx, tx, payment.ID, in.RequestKey)
		if err != nil {
			return nil, err
		}
		r, err := s.refunds.Claim(ctx, tx, candidate)
		if err != nil {
			return nil, err
		}
		if r.ID == candidate.ID && refunded+in.AmountCents > payment.AmountCents {
			return nil, validation("refund exceeds the amount paid")
		}
		return r, nil
	})
	if err != nil {
		return nil, err
	}
	if refund.Status == "succeeded" {
		return refund, nil
	}

	res, err := s.gateway.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: payment.PaymentIntentID,
		AmountCents:     refund.AmountCents,
		Reason:          "requested_by_customer",
		Metadata: map[string]string{
			"refund_id":    refund.ID.String(),
			"requested_by": in.StaffID.String(),
		},
	})
	if err != nil {
		if errors.Is(err, payments.ErrDeclined) {
			_ = s.refunds.MarkFailed(ctx, s.pool, refund.ID)
		}
		return nil, err
	}
	if err := s.refunds.MarkSucceeded(ctx, s.pool, refund.ID, res.ID); err != nil {
		return nil, err
	}
	refund.Status, refund.StripeRefundID = "succeeded", res.ID
	s.log.InfoContext(ctx, "staff refund issued", "refund_id", refund.ID, "amount_cents", refund.AmountCents)
	return refund, nil
}

func (s *feeService) RefundForWithdrawal(ctx context.Context, applicationID string) error {
	payment, err := s.payments.GetByApplication(ctx, s.pool, applicationID)
	if errors.Is(err, dbx.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if payment.Status != "paid" {
		return nil
	}

	refund, err := dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (*permits.Refund, error) {
		refunded, err := s.refunds.SumSucceeded(ctx, tx, payment.ID, withdrawalRefundKey)
		if err != nil {
			return nil, err
		}
		remaining := payment.AmountCents - refunded
		if remaining <= 0 {
			return nil, nil
		}
		return s.refunds.Claim(ctx, tx, &permits.Refund{
			ID:          uuid.New(),
			PaymentID:   payment.ID,
			RequestKey:  withdrawalRefundKey,
			AmountCents: remaining,
			Reason:      "application withdrawn",
		})
	})
	if err != nil {
		return err
	}
	if refund == nil || refund.Status == "succeeded" {
		return nil
	}

	res, err := s.gateway.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: payment.PaymentIntentID,
		AmountCents:     refund.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"refund_id": refund.ID.String(), "application_id": applicationID},
	}, payments.WithIdempotencyKey("refund-"+refund.ID.String()))
	if err != nil {
		return err
	}
	return s.refunds.MarkSucceeded(ctx, s.pool, refund.ID, res.ID)
}
