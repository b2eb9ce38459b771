package domain

import (
	"time"

	"github.com/google/uuid"
)

type PaymentMethod string

const (
	MethodCard PaymentMethod = "card"
	MethodCash PaymentMethod = "cash"
)

type PaymentPurpose string

const (
	PurposeRenewal    PaymentPurpose = "renewal"
	PurposeRedemption PaymentPurpose = "redemption"
	PurposeInterest   PaymentPurpose = "interest"
)

type Payment struct {
	ID                    uuid.UUID      `db:"id" json:"id"`
	LoanID                uuid.UUID      `db:"loan_id" json:"loan_id"`
	Method                PaymentMethod  `db:"method" json:"method"`
	Purpose               PaymentPurpose `db:"purpose" json:"purpose"`
	Amount                Cents          `db:"amount_cents" json:"amount_cents"`
	StripePaymentIntentID *string        `db:"stripe_payment_intent_id" json:"-"`
	StripeChargeID        *string        `db:"stripe_charge_id" json:"-"`
	CashierID             *string        `db:"cashier_id" json:"cashier_id,omitempty"`
	RefundedAt            *time.Time     `db:"refunded_at" json:"refunded_at,omitempty"`
	CreatedAt             time.Time      `db:"created_at" json:"created_at"`
}

type PaymentAttempt struct {
	ID             uuid.UUID      `db:"id"`
	LoanID         uuid.UUID      `db:"loan_id"`
	Purpose        PaymentPurpose `db:"purpose"`
	Amount         Cents          `db:"amount_cents"`
	IdempotencyKey string         `db:"idempotency_key"`
}

type RenewalChannel string

const (
	RenewalCounter RenewalChannel = "counter"
	RenewalOnline  RenewalChannel = "online"
)

type Renewal struct {
	ID                    uuid.UUID      `db:"id" json:"id"`
	LoanID                uuid.UUID      `db:"loan_id" json:"loan_id"`
	PaymentID             *uuid.UUID     `db:"payment_id" json:"payment_id,omitempty"`
	Channel               RenewalChannel `db:"channel" json:"channel"`
	InterestPaid          Cents          `db:"interest_paid_cents" json:"interest_paid_cents"`
	PreviousDueDate       time.Time      `db:"previous_due_date" json:"previous_due_date"`
	NewDueDate            time.Time      `db:"new_due_date" json:"new_due_date"`
	StripePaymentIntentID *string        `db:"stripe_payment_intent_id" json:"-"`
	CreatedAt             time.Time      `db:"created_at" json:"created_at"`
}

type RedemptionStatus string

const (
	RedemptionCompleted RedemptionStatus = "completed"
	RedemptionVoided    RedemptionStatus = "voided"
)

type Redemption struct {
	ID            uuid.UUID        `db:"id" json:"id"`
	LoanID        uuid.UUID        `db:"loan_id" json:"loan_id"`
	PaymentID     uuid.UUID        `db:"payment_id" json:"payment_id"`
	Payoff        Cents            `db:"payoff_cents" json:"payoff_cents"`
	Status        RedemptionStatus `db:"status" json:"status"`
	ReceiptSentAt *time.Time       `db:"receipt_sent_at" json:"-"`
	VoidedAt      *time.Time       `db:"voided_at" json:"voided_at,omitempty"`
	VoidReason    *string          `db:"void_reason" json:"void_reason,omitempty"`
	CreatedAt     time.Time        `db:"created_at" json:"created_at"`
}

// StoredResponse is a response kept against an idempotency key.
type StoredResponse struct {
	Status int    `db:"status_code"`
	Body   []byte `db:"response_body"`
}

// StripeEvent is the subset of a Stripe webhook event the services act on.
type StripeEvent struct {
	ID              string
	Type            string
	PaymentIntentID string
	ChargeID        string
	Amount          Cents
	Metadata        map[string]string
	Created         time.Time
}
