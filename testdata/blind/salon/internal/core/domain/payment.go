package domain

import (
	"time"

	"github.com/google/uuid"
)

type PaymentPurpose string

const (
	PurposeDeposit         PaymentPurpose = "deposit"
	PurposeNoShowFee       PaymentPurpose = "no_show_fee"
	PurposeBalance         PaymentPurpose = "balance"
	PurposeVoucherPurchase PaymentPurpose = "voucher_purchase"
)

type PaymentStatus string

const (
	PaymentPending   PaymentStatus = "pending"
	PaymentSucceeded PaymentStatus = "succeeded"
	PaymentFailed    PaymentStatus = "failed"
	PaymentRefunded  PaymentStatus = "refunded"
	PaymentDisputed  PaymentStatus = "disputed"
)

type Payment struct {
	ID               uuid.UUID      `db:"id" json:"id"`
	AppointmentID    *uuid.UUID     `db:"appointment_id" json:"appointment_id,omitempty"`
	VoucherID        *uuid.UUID     `db:"voucher_id" json:"voucher_id,omitempty"`
	ClientID         *uuid.UUID     `db:"client_id" json:"client_id,omitempty"`
	Purpose          PaymentPurpose `db:"purpose" json:"purpose"`
	AmountCents      Cents          `db:"amount_cents" json:"amount_cents"`
	Currency         string         `db:"currency" json:"currency"`
	Status           PaymentStatus  `db:"status" json:"status"`
	ProviderChargeID *string        `db:"provider_charge_id" json:"provider_charge_id,omitempty"`
	FailureCode      *string        `db:"failure_code" json:"failure_code,omitempty"`
	CreatedAt        time.Time      `db:"created_at" json:"created_at"`
	UpdatedAt        time.Time      `db:"updated_at" json:"updated_at"`
}

// Settled reports whether the payment reached a final state at the provider.
func (p *Payment) Settled() bool {
	return p.Status != PaymentPending
}

type Refund struct {
	ProviderRefundID string    `db:"provider_refund_id"`
	PaymentID        uuid.UUID `db:"payment_id"`
	AmountCents      Cents     `db:"amount_cents"`
	Reason           string    `db:"reason"`
	CreatedAt        time.Time `db:"created_at"`
}

type Dispute struct {
	ProviderDisputeID string     `db:"provider_dispute_id"`
	PaymentID         *uuid.UUID `db:"payment_id"`
	AmountCents       Cents      `db:"amount_cents"`
	Reason            string     `db:"reason"`
	Status            string     `db:"status"`
}

// ChargeResult is what the card provider reports for a charge attempt.
type ChargeResult struct {
	ChargeID    string
	Status      PaymentStatus
	FailureCode string
}

// RefundResult is what the card provider reports for a refund.
type RefundResult struct {
	RefundID string
	Status   string
}

// PaymentEvent is a card-provider webhook event in domain terms.
type PaymentEvent struct {
	EventID     string
	Type        string
	ChargeID    string
	PaymentID   *uuid.UUID
	AmountCents Cents
	FailureCode string
	Refund      *Refund
	Dispute     *Dispute
}

// Payment event types handled from the card provider.
const (
	EventChargeSucceeded = "charge.succeeded"
	EventChargeFailed    = "charge.failed"
	EventChargeRefunded  = "charge.refunded"
	EventDisputeCreated  = "charge.dispute.created"
)
