// Package applications handles bond applications submitted through the
// defendant portal and their approval into written bonds.
package applications

import (
	"time"

	"github.com/google/uuid"
)

// Status of an application.
type Status string

const (
	StatusSubmitted Status = "submitted"
	StatusApproved  Status = "approved"
	StatusDeclined  Status = "declined"
)

// Application is a defendant's (or family member's) request for a bond.
type Application struct {
	ID              uuid.UUID  `db:"id" json:"id"`
	DefendantName   string     `db:"defendant_name" json:"defendant_name"`
	DefendantDOB    time.Time  `db:"defendant_dob" json:"defendant_dob"`
	DefendantPhone  string     `db:"defendant_phone" json:"defendant_phone"`
	DefendantEmail  string     `db:"defendant_email" json:"defendant_email"`
	BookingNumber   string     `db:"booking_number" json:"booking_number"`
	County          string     `db:"county" json:"county"`
	ChargeSummary   string     `db:"charge_summary" json:"charge_summary"`
	BailAmountCents int64      `db:"bail_amount_cents" json:"bail_amount_cents"`
	PremiumCents    int64      `db:"premium_cents" json:"premium_cents"`
	Status          Status     `db:"status" json:"status"`
	SubmittedAt     time.Time  `db:"submitted_at" json:"submitted_at"`
	ApprovedAt      *time.Time `db:"approved_at" json:"approved_at,omitempty"`
	ApprovedBy      *string    `db:"approved_by" json:"approved_by,omitempty"`

	Indemnitors []Indemnitor `db:"-" json:"indemnitors,omitempty"`
}

// Indemnitor is a co-signer who guarantees the bond.
type Indemnitor struct {
	ID                  uuid.UUID `db:"id" json:"id"`
	ApplicationID       uuid.UUID `db:"application_id" json:"-"`
	FullName            string    `db:"full_name" json:"full_name"`
	Phone               string    `db:"phone" json:"phone"`
	Email               string    `db:"email" json:"email"`
	Relationship        string    `db:"relationship" json:"relationship"`
	CheckinIntervalDays int       `db:"checkin_interval_days" json:"checkin_interval_days"`
}

// NewBond is the bond row written when an application is approved.
type NewBond struct {
	ID              uuid.UUID `db:"id"`
	ApplicationID   uuid.UUID `db:"application_id"`
	County          string    `db:"county"`
	CaseNumber      string    `db:"case_number"`
	BailAmountCents int64     `db:"bail_amount_cents"`
	PremiumCents    int64     `db:"premium_cents"`
	WrittenOn       time.Time `db:"written_on"`
}

// Invoice bills the premium for an approved application.
type Invoice struct {
	ApplicationID uuid.UUID `db:"application_id"`
	AmountCents   int64     `db:"amount_cents"`
	DueOn         time.Time `db:"due_on"`
}

// SubmitInput is what the portal posts.
type SubmitInput struct {
	DefendantName   string
	DefendantDOB    time.Time
	DefendantPhone  string
	DefendantEmail  string
	BookingNumber   string
	County          string
	ChargeSummary   string
	BailAmountCents int64
	Indemnitors     []IndemnitorInput
}

// IndemnitorInput is one co-signer on the application form.
type IndemnitorInput struct {
	FullName     string
	Phone        string
	Email        string
	Relationship string
}

// ApproveInput is what an agent supplies when writing the bond.
type ApproveInput struct {
	ApplicationID uuid.UUID
	CaseNumber    string
	AgentID       string
}

// Approval is the result of approving an application.
type Approval struct {
	ApplicationID uuid.UUID `json:"application_id"`
	BondID        uuid.UUID `json:"bond_id"`
	InvoiceID     int64     `json:"invoice_id"`
}
