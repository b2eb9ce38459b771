package domain

import (
	"time"

	"github.com/uptrace/bun"
)

// Matching claim statuses.
const (
	ClaimRequested = "requested"
	ClaimSubmitted = "submitted"
	ClaimApproved  = "approved"
	ClaimDeclined  = "declined"
)

// MatchingClaim asks a corporate partner to match an employee's gift.
type MatchingClaim struct {
	bun.BaseModel `bun:"table:matching_claims,alias:mc"`

	ID              string     `bun:"id,pk,type:uuid" json:"id"`
	DonationID      string     `bun:"donation_id,type:uuid,notnull" json:"donation_id"`
	DonorID         string     `bun:"donor_id,type:uuid,notnull" json:"donor_id"`
	CharityID       string     `bun:"charity_id,type:uuid,notnull" json:"charity_id"`
	EmployerID      string     `bun:"employer_id,notnull" json:"employer_id"`
	EmployeeRef     string     `bun:"employee_ref,notnull" json:"employee_ref"`
	AmountPence     int64      `bun:"amount_pence,notnull" json:"amount_pence"`
	Status          string     `bun:"status,notnull" json:"status"`
	PartnerClaimID  *string    `bun:"partner_claim_id" json:"partner_claim_id,omitempty"`
	ClientReference *string    `bun:"client_reference" json:"-"`
	SubmittedAt     *time.Time `bun:"submitted_at" json:"submitted_at,omitempty"`
	CreatedAt       time.Time  `bun:"created_at,notnull,default:current_timestamp" json:"created_at"`
}

// MatchedGift is money a partner has committed against a claim.
type MatchedGift struct {
	bun.BaseModel `bun:"table:matched_gifts,alias:mg"`

	ID             string    `bun:"id,pk,type:uuid"`
	ClaimID        string    `bun:"claim_id,type:uuid,notnull"`
	PartnerClaimID string    `bun:"partner_claim_id,notnull"`
	CharityID      string    `bun:"charity_id,type:uuid,notnull"`
	AmountPence    int64     `bun:"amount_pence,notnull"`
	Tranche        int       `bun:"tranche,notnull"`
	DecidedAt      time.Time `bun:"decided_at,notnull"`
	CreatedAt      time.Time `bun:"created_at,notnull,default:current_timestamp"`
}

// PartnerWebhookEvent remembers partner callbacks already handled.
type PartnerWebhookEvent struct {
	bun.BaseModel `bun:"table:partner_webhook_events,alias:pwe"`

	EventID    string    `bun:"event_id,pk"`
	EventType  string    `bun:"event_type,notnull"`
	ReceivedAt time.Time `bun:"received_at,notnull,default:current_timestamp"`
}
