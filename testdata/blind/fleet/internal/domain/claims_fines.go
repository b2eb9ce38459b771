package domain

import (
	"time"

	"github.com/google/uuid"
)

// Claim statuses.
const (
	ClaimOpen     = "open"
	ClaimFiled    = "filed"
	ClaimRejected = "rejected"
)

// Claim is a damage claim raised against the fleet insurance policy.
type Claim struct {
	ID             string     `db:"id" json:"id"`
	RentalID       uuid.UUID  `db:"rental_id" json:"rental_id"`
	VehicleID      uuid.UUID  `db:"vehicle_id" json:"vehicle_id"`
	IncidentAt     time.Time  `db:"incident_at" json:"incident_at"`
	Description    string     `db:"description" json:"description"`
	PhotoURLs      StringList `db:"photo_urls" json:"photo_urls"`
	Status         string     `db:"status" json:"status"`
	InsurerClaimNo string     `db:"insurer_claim_no" json:"insurer_claim_no,omitempty"`
	ExcessCents    int64      `db:"excess_cents" json:"excess_cents"`
	ReportedBy     string     `db:"reported_by" json:"reported_by"`
	CreatedAt      time.Time  `db:"created_at" json:"created_at"`
	FiledAt        *time.Time `db:"filed_at" json:"filed_at,omitempty"`
}

// Fine statuses.
const (
	FineUnmatched  = "unmatched"
	FineMatched    = "matched"
	FineRecharged  = "recharged"
	FineDisputed   = "disputed"
	FineWrittenOff = "written_off"
)

// Fine is a toll, parking or traffic penalty issued to one of our plates.
type Fine struct {
	ID          uuid.UUID     `db:"id" json:"id"`
	Issuer      string        `db:"issuer" json:"issuer"`
	Reference   string        `db:"reference" json:"reference"`
	Plate       string        `db:"plate" json:"plate"`
	IssuedAt    time.Time     `db:"issued_at" json:"issued_at"`
	AmountCents int64         `db:"amount_cents" json:"amount_cents"`
	RentalID    uuid.NullUUID `db:"rental_id" json:"rental_id"`
	CustomerID  uuid.NullUUID `db:"customer_id" json:"customer_id"`
	Status      string        `db:"status" json:"status"`
	CreatedAt   time.Time     `db:"created_at" json:"created_at"`
}

// FineNotice is a fine as sent by an issuer's system.
type FineNotice struct {
	Issuer      string    `json:"issuer"`
	Reference   string    `json:"reference"`
	Plate       string    `json:"plate"`
	IssuedAt    time.Time `json:"issued_at"`
	AmountCents int64     `json:"amount_cents"`
}

// FineDispute is a customer's objection to a fine.
type FineDispute struct {
	FineID     uuid.UUID `db:"fine_id" json:"fine_id"`
	CustomerID uuid.UUID `db:"customer_id" json:"customer_id"`
	Reason     string    `db:"reason" json:"reason"`
	Status     string    `db:"status" json:"status"`
	CreatedAt  time.Time `db:"created_at" json:"created_at"`
}

// FineRecharge records the card payment that passed a fine on.
type FineRecharge struct {
	FineID      uuid.UUID `db:"fine_id"`
	IntentID    string    `db:"intent_id"`
	AmountCents int64     `db:"amount_cents"`
	CreatedAt   time.Time `db:"created_at"`
}
