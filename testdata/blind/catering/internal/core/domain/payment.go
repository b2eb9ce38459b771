package domain

import (
	"time"

	"github.com/google/uuid"
)

type PaymentPurpose string

const (
	PurposeDeposit PaymentPurpose = "deposit"
	PurposeBalance PaymentPurpose = "balance"
	PurposeTasting PaymentPurpose = "tasting"
)

type PaymentStatus string

const (
	PaymentPending        PaymentStatus = "pending"
	PaymentRequiresAction PaymentStatus = "requires_action"
	PaymentSucceeded      PaymentStatus = "succeeded"
	PaymentFailed         PaymentStatus = "failed"
)

type Payment struct {
	ID                    uuid.UUID      `json:"id"`
	EventID               uuid.UUID      `json:"event_id"`
	Purpose               PaymentPurpose `json:"purpose"`
	AmountCents           int64          `json:"amount_cents"`
	Currency              string         `json:"currency"`
	Status                PaymentStatus  `json:"status"`
	AttemptKey            string         `json:"-"`
	StripePaymentIntentID string         `json:"stripe_payment_intent_id,omitempty"`
	FailureCode           string         `json:"failure_code,omitempty"`
	CreatedAt             time.Time      `json:"created_at"`
}

type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

type Refund struct {
	ID             uuid.UUID    `json:"id"`
	EventID        uuid.UUID    `json:"event_id"`
	PaymentID      uuid.UUID    `json:"payment_id"`
	AmountCents    int64        `json:"amount_cents"`
	Status         RefundStatus `json:"status"`
	StripeRefundID string       `json:"stripe_refund_id,omitempty"`
}

type Venue struct {
	ID                     uuid.UUID `json:"id"`
	Name                   string    `json:"name"`
	StripeAccountID        string    `json:"stripe_account_id"`
	CommissionBPS          int       `json:"commission_bps"`
	CommissionBalanceCents int64     `json:"commission_balance_cents"`
	PayoutsEnabled         bool      `json:"payouts_enabled"`
}

type Commission struct {
	ID          uuid.UUID `json:"id"`
	VenueID     uuid.UUID `json:"venue_id"`
	EventID     uuid.UUID `json:"event_id"`
	AmountCents int64     `json:"amount_cents"`
	Status      string    `json:"status"`
}

type PayoutStatus string

const (
	PayoutPending PayoutStatus = "pending"
	PayoutPaid    PayoutStatus = "paid"
	PayoutFailed  PayoutStatus = "failed"
)

type VenuePayout struct {
	ID               uuid.UUID    `json:"id"`
	VenueID          uuid.UUID    `json:"venue_id"`
	Period           string       `json:"period"`
	AmountCents      int64        `json:"amount_cents"`
	Currency         string       `json:"currency"`
	Status           PayoutStatus `json:"status"`
	StripeTransferID string       `json:"stripe_transfer_id,omitempty"`
	PaidAt           *time.Time   `json:"paid_at,omitempty"`
}
