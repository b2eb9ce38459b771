package domain

import (
	"time"

	"github.com/trustwell/settlements/internal/money"
)

// SettlementStatus is the lifecycle state of a settlement.
type SettlementStatus string

const (
	SettlementOpen       SettlementStatus = "open"
	SettlementFunded     SettlementStatus = "funded"
	SettlementAllocated  SettlementStatus = "allocated"
	SettlementApproved   SettlementStatus = "approved"
	SettlementDisbursing SettlementStatus = "disbursing"
	SettlementDisbursed  SettlementStatus = "disbursed"
	SettlementClosing    SettlementStatus = "closing"
	SettlementClosed     SettlementStatus = "closed"
)

// Settlement is one resolved matter whose proceeds pass through trust.
type Settlement struct {
	ID                     string           `db:"id" json:"id"`
	MatterNumber           string           `db:"matter_number" json:"matter_number"`
	Caption                string           `db:"caption" json:"caption"`
	GrossAmountCents       money.Cents      `db:"gross_amount_cents" json:"gross_amount_cents"`
	FeeRateBps             int              `db:"fee_rate_bps" json:"fee_rate_bps"`
	CostReimbursementCents money.Cents      `db:"cost_reimbursement_cents" json:"cost_reimbursement_cents"`
	ReceivedCents          money.Cents      `db:"received_cents" json:"received_cents"`
	Status                 SettlementStatus `db:"status" json:"status"`
	AllocationVersion      int              `db:"allocation_version" json:"allocation_version"`
	ApprovedBy             *string          `db:"approved_by" json:"approved_by,omitempty"`
	ApprovedAt             *time.Time       `db:"approved_at" json:"approved_at,omitempty"`
	ClosedAt               *time.Time       `db:"closed_at" json:"closed_at,omitempty"`
	CreatedAt              time.Time        `db:"created_at" json:"created_at"`
	UpdatedAt              time.Time        `db:"updated_at" json:"updated_at"`
}

// FundsAccount is the ledger account holding this settlement's client funds.
func (s *Settlement) FundsAccount() string { return FundsAccount(s.ID) }

// FundsAccount names the trust liability account for a settlement id.
func FundsAccount(settlementID string) string { return "settlement:" + settlementID + ":funds" }

// Claimant is a person entitled to a share of a settlement.
type Claimant struct {
	ID              string    `db:"id" json:"id"`
	SettlementID    string    `db:"settlement_id" json:"settlement_id"`
	ExternalRef     string    `db:"external_ref" json:"external_ref"`
	FullName        string    `db:"full_name" json:"full_name"`
	Email           string    `db:"email" json:"email"`
	SharePoints     int       `db:"share_points" json:"share_points"`
	ACHRecipientID  *string   `db:"ach_recipient_id" json:"ach_recipient_id,omitempty"`
	BankFingerprint *string   `db:"bank_fingerprint" json:"-"`
	AddressLine1    string    `db:"address_line1" json:"address_line1"`
	AddressLine2    string    `db:"address_line2" json:"address_line2"`
	City            string    `db:"city" json:"city"`
	State           string    `db:"state" json:"state"`
	PostalCode      string    `db:"postal_code" json:"postal_code"`
	CreatedAt       time.Time `db:"created_at" json:"created_at"`
	UpdatedAt       time.Time `db:"updated_at" json:"updated_at"`
}

// Deposit is a wire received into the trust account for a settlement.
type Deposit struct {
	ID            string      `db:"id" json:"id"`
	SettlementID  string      `db:"settlement_id" json:"settlement_id"`
	AmountCents   money.Cents `db:"amount_cents" json:"amount_cents"`
	WireReference string      `db:"wire_reference" json:"wire_reference"`
	PayerName     string      `db:"payer_name" json:"payer_name"`
	ReceivedAt    time.Time   `db:"received_at" json:"received_at"`
	JournalID     *string     `db:"journal_id" json:"journal_id,omitempty"`
	CreatedBy     string      `db:"created_by" json:"created_by"`
	CreatedAt     time.Time   `db:"created_at" json:"created_at"`
}
