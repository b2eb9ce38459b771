package models

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// PayoutStatus is the state of a bank transfer to a traveller.
type PayoutStatus string

const (
	PayoutPending PayoutStatus = "pending"
	PayoutPaid    PayoutStatus = "paid"
	PayoutFailed  PayoutStatus = "failed"
)

// Payout is money owed to a traveller, either for an approved claim or for a
// parametric flight-delay claim. Exactly one of ClaimID and
// ParametricClaimID is set.
type Payout struct {
	bun.BaseModel `bun:"table:payouts,alias:po"`

	ID                 uuid.UUID    `bun:"id,pk,type:uuid"`
	ClaimID            *uuid.UUID   `bun:"claim_id,type:uuid"`
	ParametricClaimID  *uuid.UUID   `bun:"parametric_claim_id,type:uuid"`
	AmountMinor        int64        `bun:"amount_minor,notnull"`
	Currency           string       `bun:"currency,notnull"`
	CreditorIBAN       string       `bun:"creditor_iban,notnull"`
	CreditorName       string       `bun:"creditor_name,notnull"`
	Status             PayoutStatus `bun:"status,notnull"`
	ProviderTransferID string       `bun:"provider_transfer_id"`
	PaidAt             *time.Time   `bun:"paid_at"`
	CreatedAt          time.Time    `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt          time.Time    `bun:"updated_at,notnull,default:current_timestamp"`
}

// PayoutAttempt is one call to the payout provider, kept for operations and
// reconciliation. A payout may have many attempts.
type PayoutAttempt struct {
	bun.BaseModel `bun:"table:payout_attempts,alias:pat"`

	ID         uuid.UUID  `bun:"id,pk,type:uuid"`
	PayoutID   uuid.UUID  `bun:"payout_id,type:uuid,notnull"`
	StartedAt  time.Time  `bun:"started_at,notnull"`
	FinishedAt *time.Time `bun:"finished_at"`
	Outcome    string     `bun:"outcome,notnull"`
	Error      string     `bun:"error"`
}

// ParametricClaimStatus is the state of an automatically created flight-delay
// claim.
type ParametricClaimStatus string

const (
	ParametricPending ParametricClaimStatus = "pending"
	ParametricSettled ParametricClaimStatus = "settled"
)

// ParametricClaim is created from the flight-status feed when a covered
// flight arrives late enough to trigger the delay benefit.
type ParametricClaim struct {
	bun.BaseModel `bun:"table:parametric_claims,alias:pc"`

	ID            uuid.UUID             `bun:"id,pk,type:uuid"`
	PolicyID      uuid.UUID             `bun:"policy_id,type:uuid,notnull"`
	FlightID      string                `bun:"flight_id,notnull"`
	DelayMinutes  int                   `bun:"delay_minutes,notnull"`
	AmountMinor   int64                 `bun:"amount_minor,notnull"`
	Currency      string                `bun:"currency,notnull"`
	SourceEventID string                `bun:"source_event_id,notnull"`
	Status        ParametricClaimStatus `bun:"status,notnull"`
	SettledAt     *time.Time            `bun:"settled_at"`
	CreatedAt     time.Time             `bun:"created_at,notnull,default:current_timestamp"`
}

// FlightStatus is the latest known state of a flight from the feed.
type FlightStatus struct {
	bun.BaseModel `bun:"table:flight_statuses,alias:fs"`

	FlightID     string     `bun:"flight_id,pk"`
	Carrier      string     `bun:"carrier,notnull"`
	Number       string     `bun:"number,notnull"`
	ScheduledDep time.Time  `bun:"scheduled_departure,notnull"`
	ScheduledArr time.Time  `bun:"scheduled_arrival,notnull"`
	ActualArr    *time.Time `bun:"actual_arrival"`
	Status       string     `bun:"status,notnull"`
	DelayMinutes int        `bun:"delay_minutes,notnull"`
	LastEventID  string     `bun:"last_event_id,notnull"`
	LastEventAt  time.Time  `bun:"last_event_at,notnull"`
	UpdatedAt    time.Time  `bun:"updated_at,notnull,default:current_timestamp"`
}
