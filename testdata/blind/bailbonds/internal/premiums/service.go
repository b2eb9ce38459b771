// Package premiums collects bond premiums by card, manages installment
// plans and books Stripe's payment events.
package premiums

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/ledger"
	"github.com/keystonebail/bondline/internal/platform/apperr"
	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/providers/stripepay"
)

// Payment statuses.
const (
	StatusPending   = "pending"
	StatusSubmitted = "submitted"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
	StatusRefunded  = "refunded"
)

// Payment is one card payment toward an application's premium.
type Payment struct {
	ID                    uuid.UUID `db:"id" json:"id"`
	ApplicationID         uuid.UUID `db:"application_id" json:"application_id"`
	InstallmentNo         int       `db:"installment_no" json:"installment_no"`
	AmountCents           int64     `db:"amount_cents" json:"amount_cents"`
	StripePaymentIntentID *string   `db:"stripe_payment_intent_id" json:"stripe_payment_intent_id,omitempty"`
	Status                string    `db:"status" json:"status"`
}

// Due is what the portal can charge for an application.
type Due struct {
	ApplicationID  uuid.UUID `db:"application_id"`
	PremiumCents   int64     `db:"premium_cents"`
	FinancedCents  int64     `db:"financed_cents"`
	PaidCents      int64     `db:"paid_cents"`
	DefendantEmail string    `db:"defendant_email"`
}

// PaymentRepository persists premium payments.
type PaymentRepository interface {
	UpsertPending(ctx context.Context, db sqlx.ExtContext, p *Payment) error
	AttachIntent(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, intentID, status string) error
	MarkSucceeded(ctx context.Context, db sqlx.ExtContext, intentID string, at time.Time) (*Payment, error)
	MarkRefunded(ctx context.Context, db sqlx.ExtContext, intentID string, at time.Time) (*Payment, error)
	GetByIntent(ctx context.Context, db sqlx.ExtContext, intentID string) (*Payment, error)
	PremiumDue(ctx context.Context, db sqlx.ExtContext, appID uuid.UUID) (*Due, error)
}

// LedgerWriter books ledger lines.
type LedgerWriter interface {
	Post(ctx context.Context, db sqlx.ExtContext, e ledger.Entry) error
}

// EventLog records which provider events have been applied.
type EventLog interface {
	Claim(ctx context.Context, db sqlx.ExtContext, source, eventID string) (bool, error)
}

// Charger charges cards.
type Charger interface {
	Charge(ctx context.Context, in stripepay.ChargeInput) (*stripepay.Charge, error)
}

// Receipt is the payment confirmation emailed to the payer.
type Receipt struct {
	To              string
	ApplicationID   uuid.UUID
	AmountCents     int64
	PaymentIntentID string
	PaidAt          time.Time
}

// ReceiptSender delivers payment receipts.
type ReceiptSender interface {
	SendReceipt(ctx context.Context, r Receipt) error
}

// Service collects premiums.
type Service struct {
	db       *sqlx.DB
	payments PaymentRepository
	plans    PlanRepository
	ledger   LedgerWriter
	events   EventLog
	charger  Charger
	receipts ReceiptSender
	now      func() time.Time
}

// Deps groups the Service's collaborators.
type Deps struct {
	DB       *sqlx.DB
	Payments PaymentRepository
	Plans    PlanRepository
	Ledger   LedgerWriter
	Events   EventLog
	Charger  Charger
	Receipts ReceiptSender
}

// NewService wires a Service.
func NewService(d Deps) *Service {
	return &Service{
		db: d.DB, payments: d.Payments, plans: d.Plans, ledger: d.Ledger,
		events: d.Events, charger: d.Charger, receipts: d.Receipts, now: time.Now,
	}
}

// PayInput is a portal request to pay (part of) a premium.
type PayInput struct {
	ApplicationID   uuid.UUID
	InstallmentNo   int
	PaymentMethodID string
	ReceiptEmail    string
}

// PayPremium charges the premium, or the down payment when the application
// has a plan, for installment 0. Later installments are charged by the
// installment job.
func (s *Service) PayPremium(ctx context.Context, in PayInput) (*Payment, error) {
	due, err := s.payments.PremiumDue(ctx, s.db, in.ApplicationID)
	if err != nil {
		return nil, err
	}
	amount := due.PremiumCents - due.FinancedCents - due.PaidCents
	if amount <= 0 {
		return nil, apperr.Conflict("premium for application %s is already paid", in.ApplicationID)
	}

	p := &Payment{
		ID:            uuid.New(),
		ApplicationID: in.ApplicationID,
		InstallmentNo: in.InstallmentNo,
		AmountCents:   amount,
		Status:        StatusPending,
	}
	if err := s.payments.UpsertPending(ctx, s.db, p); err != nil {
		return nil, err
	}
	if p.Status == StatusSucceeded || p.Status == StatusSubmitted {
		return p, nil
	}

	email := in.ReceiptEmail
	if email == "" {
		email = due.DefendantEmail
	}
	// Receipts go out from our own templates once the payment settles, so
	// Stripe's receipt_email is left unset.
	charge, err := s.charger.Charge(ctx, stripepay.ChargeInput{
		AmountCents:     p.AmountCents,
		PaymentMethodID: in.PaymentMethodID,
		Description:     fmt.Sprintf("Bail bond premium, application %s", p.ApplicationID),
		Metadata: map[string]string{
			"purpose":        "premium",
			"application_id": p.ApplicationID.String(),
			"payment_id":     p.ID.String(),
			"receipt_email":  email,
		},
		IdempotencyKey: chargeKey(p.ApplicationID, p.InstallmentNo, s.now()),
	})
	if errors.Is(err, stripepay.ErrCardDeclined) {
		return nil, apperr.Invalid("%s", err.Error())
	}
	if err != nil {
		return nil, err
	}
	if err := s.payments.AttachIntent(ctx, s.db, p.ID, charge.PaymentIntentID, StatusSubmitted); err != nil {
		return nil, err
	}
	p.StripePaymentIntentID = &charge.PaymentIntentID
	p.Status = StatusSubmitted
	return p, nil
}

// chargeKey scopes Stripe's idempotency key to one installment of one
// application, stamped so a declined card can be retried with a new one.
func chargeKey(appID uuid.UUID, installment int, at time.Time) string {
	return fmt.Sprintf("premium-%s-%d-%d", appID, installment, at.UnixMilli())
}

// PaymentEvent is a Stripe payment event flattened by the webhook handler.
type PaymentEvent struct {
	EventID         string
	PaymentIntentID string
	AmountCents     int64
	ReceiptEmail    string
	At              time.Time
}

// HandlePaymentSucceeded books a premium payment Stripe has settled.
func (s *Service) HandlePaymentSucceeded(ctx context.Context, evt PaymentEvent) error {
	pay, err := s.payments.GetByIntent(ctx, s.db, evt.PaymentIntentID)
	if err != nil {
		return err
	}
	if evt.ReceiptEmail != "" {
		if err := s.receipts.SendReceipt(ctx, Receipt{
			To:              evt.ReceiptEmail,
			ApplicationID:   pay.ApplicationID,
			AmountCents:     evt.AmountCents,
			PaymentIntentID: evt.PaymentIntentID,
			PaidAt:          evt.At,
		}); err != nil {
			return fmt.Errorf("send receipt: %w", err)
		}
	}

	return database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		updated, err := s.payments.MarkSucceeded(ctx, tx, evt.PaymentIntentID, evt.At)
		if err != nil {
			return err
		}
		if updated == nil {
			return nil // already booked
		}
		return s.ledger.Post(ctx, tx, ledger.Entry{
			ApplicationID: ledger.Ref(updated.ApplicationID),
			Kind:          ledger.PremiumReceived,
			AmountCents:   updated.AmountCents,
			Reference:     evt.PaymentIntentID,
			BusinessDate:  evt.At,
		})
	})
}

// HandleChargeRefunded books a premium refund issued from the Stripe
// dashboard (premiums are refunded by hand when a bond is never posted).
func (s *Service) HandleChargeRefunded(ctx context.Context, evt PaymentEvent) error {
	return database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		first, err := s.events.Claim(ctx, tx, "stripe", evt.EventID)
		if err != nil {
			return err
		}
		if !first {
			return nil
		}
		pay, err := s.payments.MarkRefunded(ctx, tx, evt.PaymentIntentID, evt.At)
		if err != nil {
			return err
		}
		if pay == nil {
			return nil // not a premium payment
		}
		return s.ledger.Post(ctx, tx, ledger.Entry{
			ApplicationID: ledger.Ref(pay.ApplicationID),
			Kind:          ledger.PremiumRefunded,
			AmountCents:   -evt.AmountCents,
			Reference:     evt.EventID,
			BusinessDate:  evt.At,
		})
	})
}
