package domain

import (
	"time"

	"github.com/trustwell/settlements/internal/money"
)

// LienStatus is the lifecycle state of a lien.
type LienStatus string

const (
	LienAsserted LienStatus = "asserted"
	LienResolved LienStatus = "resolved"
	LienPaying   LienStatus = "paying"
	LienPaid     LienStatus = "paid"
	LienReleased LienStatus = "released"
)

// Lien is a third-party claim (Medicare, a health plan, a hospital) against a
// claimant's share that must be satisfied from trust before the claimant is
// paid in full.
type Lien struct {
	ID              string       `db:"id" json:"id"`
	SettlementID    string       `db:"settlement_id" json:"settlement_id"`
	ClaimantID      string       `db:"claimant_id" json:"claimant_id"`
	LienholderName  string       `db:"lienholder_name" json:"lienholder_name"`
	LienholderRef   string       `db:"lienholder_ref" json:"lienholder_ref"`
	PayeeLine1      string       `db:"payee_line1" json:"payee_line1"`
	PayeeLine2      string       `db:"payee_line2" json:"payee_line2"`
	PayeeCity       string       `db:"payee_city" json:"payee_city"`
	PayeeState      string       `db:"payee_state" json:"payee_state"`
	PayeePostalCode string       `db:"payee_postal_code" json:"payee_postal_code"`
	AssertedCents   money.Cents  `db:"asserted_cents" json:"asserted_cents"`
	FinalCents      *money.Cents `db:"final_cents" json:"final_cents,omitempty"`
	PaidCents       money.Cents  `db:"paid_cents" json:"paid_cents"`
	Status          LienStatus   `db:"status" json:"status"`
	ResolvedAt      *time.Time   `db:"resolved_at" json:"resolved_at,omitempty"`
	CreatedAt       time.Time    `db:"created_at" json:"created_at"`
	UpdatedAt       time.Time    `db:"updated_at" json:"updated_at"`
}

// Payable is the amount the lien will be paid: the negotiated final amount
// once resolved, otherwise the asserted amount (held back in full).
func (l *Lien) Payable() money.Cents {
	if l.FinalCents != nil {
		return *l.FinalCents
	}
	return l.AssertedCents
}

// LienPaymentStatus is the lifecycle state of a lien check.
type LienPaymentStatus string

const (
	LienPaymentPending LienPaymentStatus = "pending"
	LienPaymentIssued  LienPaymentStatus = "issued"
	LienPaymentMailed  LienPaymentStatus = "mailed"
	LienPaymentCashed  LienPaymentStatus = "cashed"
	LienPaymentVoided  LienPaymentStatus = "voided"
)

// LienPayment is one check issued to a lienholder.
type LienPayment struct {
	ID            string            `db:"id" json:"id"`
	LienID        string            `db:"lien_id" json:"lien_id"`
	SettlementID  string            `db:"settlement_id" json:"settlement_id"`
	AmountCents   money.Cents       `db:"amount_cents" json:"amount_cents"`
	Status        LienPaymentStatus `db:"status" json:"status"`
	VendorCheckID *string           `db:"vendor_check_id" json:"vendor_check_id,omitempty"`
	CheckNumber   *string           `db:"check_number" json:"check_number,omitempty"`
	JournalID     *string           `db:"journal_id" json:"journal_id,omitempty"`
	VoidedReason  *string           `db:"voided_reason" json:"voided_reason,omitempty"`
	CreatedAt     time.Time         `db:"created_at" json:"created_at"`
	UpdatedAt     time.Time         `db:"updated_at" json:"updated_at"`
}
