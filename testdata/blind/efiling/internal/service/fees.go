package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v82"

	"github.com/docketly/efile/internal/payments"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
)

// Fees authorizes filing fees.
type Fees struct {
	store     *store.Store
	processor FeeProcessor
}

// NewFees returns the fee service.
func NewFees(s *store.Store, p FeeProcessor) *Fees {
	return &Fees{store: s, processor: p}
}

// AuthorizeFeeInput is the attorney's payment for a draft filing.
type AuthorizeFeeInput struct {
	FirmID        uuid.UUID
	FilingID      uuid.UUID
	PaymentMethod string `json:"payment_method"`
}

// Authorize places a hold for the filing's total fee and moves the filing to
// fee_authorized. Calling it again for an authorized filing returns the
// existing payment.
func (s *Fees) Authorize(ctx context.Context, in AuthorizeFeeInput) (db.Payment, error) {
	if in.PaymentMethod == "" {
		return db.Payment{}, invalid("payment_method is required")
	}
	f, err := s.store.GetFilingForFirm(ctx, in.FilingID, in.FirmID)
	if err != nil {
		return db.Payment{}, notFound(err, "filing")
	}
	if existing, err := s.store.GetLiveFeePayment(ctx, f.ID); err == nil {
		return existing, nil
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return db.Payment{}, err
	}
	if f.Status != "draft" {
		return db.Payment{}, conflict("filing is %s", f.Status)
	}
	firm, err := s.store.GetFirm(ctx, in.FirmID)
	if err != nil {
		return db.Payment{}, notFound(err, "firm")
	}

	// One hold per filing and card: a repeat with the same card replays the
	// original PaymentIntent, a different card after a decline gets a new one.
	intent, err := s.processor.Authorize(ctx, payments.AuthorizeInput{
		Customer:       firm.StripeCustomerID,
		PaymentMethod:  in.PaymentMethod,
		AmountCents:    f.TotalFeeCents(),
		Description:    fmt.Sprintf("Filing fee %s %s", f.CourtCode, f.FilingCode),
		Metadata:       map[string]string{"filing_id": f.ID.String(), "firm_id": f.FirmID.String()},
		IdempotencyKey: "filing-fee/" + f.ID.String() + "/" + in.PaymentMethod,
	})
	if errors.Is(err, payments.ErrCardDeclined) {
		return db.Payment{}, fmt.Errorf("%w: %v", ErrPaymentDeclined, err)
	}
	if err != nil {
		return db.Payment{}, err
	}
	if intent.Status != "requires_capture" {
		return db.Payment{}, fmt.Errorf("%w: payment is %s", ErrPaymentDeclined, intent.Status)
	}

	var p db.Payment
	err = s.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		p, err = q.UpsertPayment(ctx, db.UpsertPaymentParams{
			ID:              uuid.New(),
			FilingID:        f.ID,
			FirmID:          f.FirmID,
			Kind:            "filing_fee",
			PaymentIntentID: intent.ID,
			AmountCents:     intent.AmountCents,
			Status:          intent.Status,
		})
		if err != nil {
			return err
		}
		return q.SetFilingStatus(ctx, f.ID, "fee_authorized")
	})
	return p, err
}

// PaymentEvents applies Stripe webhook events to payments.
type PaymentEvents struct {
	store *store.Store
	log   *slog.Logger
}

// NewPaymentEvents returns the handler.
func NewPaymentEvents(s *store.Store, log *slog.Logger) *PaymentEvents {
	return &PaymentEvents{store: s, log: log}
}

// Handle records the event and applies it in one transaction.
func (h *PaymentEvents) Handle(ctx context.Context, evt stripe.Event) error {
	return h.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		if err := q.InsertStripeEvent(ctx, evt.ID, string(evt.Type)); err != nil {
			return fmt.Errorf("record stripe event %s: %w", evt.ID, err)
		}
		switch evt.Type {
		case stripe.EventTypePaymentIntentAmountCapturableUpdated,
			stripe.EventTypePaymentIntentSucceeded,
			stripe.EventTypePaymentIntentCanceled,
			stripe.EventTypePaymentIntentPaymentFailed:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
				return fmt.Errorf("decode payment_intent: %w", err)
			}
			n, err := q.SetPaymentStatusByIntent(ctx, pi.ID, string(pi.Status))
			if err != nil {
				return err
			}
			if n == 0 {
				h.log.InfoContext(ctx, "stripe event for unknown or unchanged intent", "intent", pi.ID, "type", evt.Type)
			}
		case stripe.EventTypeChargeRefunded:
			var ch stripe.Charge
			if err := json.Unmarshal(evt.Data.Raw, &ch); err != nil {
				return fmt.Errorf("decode charge: %w", err)
			}
			if ch.PaymentIntent == nil {
				return nil
			}
			return q.SetPaymentRefundedByIntent(ctx, ch.PaymentIntent.ID, ch.AmountRefunded)
		default:
			h.log.DebugContext(ctx, "ignoring stripe event", "type", evt.Type)
		}
		return nil
	})
}
