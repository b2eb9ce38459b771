// Package domain holds the types shared between the permit office services.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

// Application statuses. An application moves forward only; a rejected or
// withdrawn application is never reopened, the resident applies again.
const (
	StatusAwaitingPayment = "awaiting_payment"
	StatusPaymentPending  = "payment_pending"
	StatusPaid            = "paid"
	StatusInReview        = "in_review"
	StatusApproved        = "approved"
	StatusRejected        = "rejected"
	StatusIssued          = "issued"
	StatusRefunded        = "refunded"
)

// Permit statuses.
const (
	PermitActive  = "active"
	PermitRevoked = "revoked"
	PermitExpired = "expired"
)

// Payment sources, as recorded in the payments ledger.
const (
	SourceOnline  = "online"
	SourceKiosk   = "kiosk"
	SourceRenewal = "renewal"
)

var (
	ErrNotFound        = errors.New("not found")
	ErrConflict        = errors.New("conflict")
	ErrInvalid         = errors.New("invalid request")
	ErrWrongStatus     = errors.New("application is not in the required status")
	ErrPermitNotActive = errors.New("permit is not active")
)

type Resident struct {
	ID          uuid.UUID `db:"id" json:"id"`
	FullName    string    `db:"full_name" json:"full_name"`
	Email       string    `db:"email" json:"email"`
	Phone       string    `db:"phone" json:"phone"`
	AddressLine string    `db:"address_line" json:"address_line"`
	City        string    `db:"city" json:"city"`
	PostalCode  string    `db:"postal_code" json:"postal_code"`
}

type Zone struct {
	Code           string `db:"code" json:"code"`
	Name           string `db:"name" json:"name"`
	AnnualFeeCents int64  `db:"annual_fee_cents" json:"annual_fee_cents"`
	RevenueAccount string `db:"revenue_account" json:"-"`
}

type Application struct {
	ID             uuid.UUID  `db:"id" json:"id"`
	ResidentID     uuid.UUID  `db:"resident_id" json:"resident_id"`
	ZoneCode       string     `db:"zone_code" json:"zone_code"`
	Plate          string     `db:"plate" json:"plate"`
	PlateState     string     `db:"plate_state" json:"plate_state"`
	Status         string     `db:"status" json:"status"`
	FeeCents       int64      `db:"fee_cents" json:"fee_cents"`
	ChargeRef      *string    `db:"charge_ref" json:"-"`
	SubmittedAt    time.Time  `db:"submitted_at" json:"submitted_at"`
	PaidAt         *time.Time `db:"paid_at" json:"paid_at,omitempty"`
	DecidedAt      *time.Time `db:"decided_at" json:"decided_at,omitempty"`
	DecidedBy      *string    `db:"decided_by" json:"decided_by,omitempty"`
	DecisionReason *string    `db:"decision_reason" json:"decision_reason,omitempty"`
}

type Permit struct {
	ID            uuid.UUID  `db:"id" json:"id"`
	Number        string     `db:"permit_number" json:"permit_number"`
	ApplicationID uuid.UUID  `db:"application_id" json:"application_id"`
	ResidentID    uuid.UUID  `db:"resident_id" json:"resident_id"`
	ZoneCode      string     `db:"zone_code" json:"zone_code"`
	Plate         string     `db:"plate" json:"plate"`
	Status        string     `db:"status" json:"status"`
	IssuedAt      time.Time  `db:"issued_at" json:"issued_at"`
	ExpiresAt     time.Time  `db:"expires_at" json:"expires_at"`
	MailedAt      *time.Time `db:"mailed_at" json:"mailed_at,omitempty"`
	ReplacesID    *uuid.UUID `db:"replaces_id" json:"replaces_id,omitempty"`
}

// LedgerEntry is one row of the payments ledger that the nightly revenue post
// sums by business date.
type LedgerEntry struct {
	ID            uuid.UUID `db:"id"`
	ApplicationID uuid.UUID `db:"application_id"`
	Source        string    `db:"source"`
	AmountCents   int64     `db:"amount_cents"`
	ProviderRef   string    `db:"provider_ref"`
	ReceivedAt    time.Time `db:"received_at"`
}

// MailingAddress is where a printed permit is sent.
type MailingAddress struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
}
