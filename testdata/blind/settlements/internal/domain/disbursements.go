package domain

import (
	"time"

	"github.com/trustwell/settlements/internal/money"
)

// Allocation is one claimant's computed share of a settlement.
type Allocation struct {
	ID              string      `db:"id" json:"id"`
	SettlementID    string      `db:"settlement_id" json:"settlement_id"`
	ClaimantID      string      `db:"claimant_id" json:"claimant_id"`
	Version         int         `db:"version" json:"version"`
	GrossShareCents money.Cents `db:"gross_share_cents" json:"gross_share_cents"`
	FeeCents        money.Cents `db:"fee_cents" json:"fee_cents"`
	CostCents       money.Cents `db:"cost_cents" json:"cost_cents"`
	LienCents       money.Cents `db:"lien_cents" json:"lien_cents"`
	HoldbackCents   money.Cents `db:"holdback_cents" json:"holdback_cents"`
	NetCents        money.Cents `db:"net_cents" json:"net_cents"`
	CreatedAt       time.Time   `db:"created_at" json:"created_at"`
}

// DisbursementStatus is the lifecycle state of a claimant ACH payout.
type DisbursementStatus string

const (
	DisbursementPending   DisbursementStatus = "pending"
	DisbursementSubmitted DisbursementStatus = "submitted"
	DisbursementSettled   DisbursementStatus = "settled"
	DisbursementReturned  DisbursementStatus = "returned"
	DisbursementFailed    DisbursementStatus = "failed"
)

// Disbursement is a claimant's net payout by ACH.
type Disbursement struct {
	ID                string             `db:"id" json:"id"`
	SettlementID      string             `db:"settlement_id" json:"settlement_id"`
	ClaimantID        string             `db:"claimant_id" json:"claimant_id"`
	AllocationID      string             `db:"allocation_id" json:"allocation_id"`
	AmountCents       money.Cents        `db:"amount_cents" json:"amount_cents"`
	Status            DisbursementStatus `db:"status" json:"status"`
	ProviderPaymentID *string            `db:"provider_payment_id" json:"provider_payment_id,omitempty"`
	ReturnCode        *string            `db:"return_code" json:"return_code,omitempty"`
	ReissueCount      int                `db:"reissue_count" json:"reissue_count"`
	SubmittedAt       *time.Time         `db:"submitted_at" json:"submitted_at,omitempty"`
	SettledAt         *time.Time         `db:"settled_at" json:"settled_at,omitempty"`
	CreatedAt         time.Time          `db:"created_at" json:"created_at"`
	UpdatedAt         time.Time          `db:"updated_at" json:"updated_at"`
}

// HoldbackStatus is the lifecycle state of a holdback.
type HoldbackStatus string

const (
	HoldbackHeld      HoldbackStatus = "held"
	HoldbackReleasing HoldbackStatus = "releasing"
	HoldbackReleased  HoldbackStatus = "released"
)

// Holdback is part of a claimant's share retained in trust until a condition
// clears (an unresolved lien, a probate order, a disputed fee).
type Holdback struct {
	ID                string         `db:"id" json:"id"`
	SettlementID      string         `db:"settlement_id" json:"settlement_id"`
	ClaimantID        string         `db:"claimant_id" json:"claimant_id"`
	AmountCents       money.Cents    `db:"amount_cents" json:"amount_cents"`
	Reason            string         `db:"reason" json:"reason"`
	Status            HoldbackStatus `db:"status" json:"status"`
	ProviderPaymentID *string        `db:"provider_payment_id" json:"provider_payment_id,omitempty"`
	ReleasedAt        *time.Time     `db:"released_at" json:"released_at,omitempty"`
	CreatedAt         time.Time      `db:"created_at" json:"created_at"`
	UpdatedAt         time.Time      `db:"updated_at" json:"updated_at"`
}

// PaymentStatusCheck is one append-only poll result from the provider.
type PaymentStatusCheck struct {
	ID                string    `db:"id"`
	DisbursementID    string    `db:"disbursement_id"`
	ProviderPaymentID string    `db:"provider_payment_id"`
	ProviderStatus    string    `db:"provider_status"`
	CheckedAt         time.Time `db:"checked_at"`
}
