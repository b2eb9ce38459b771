// Package reservations books boarding stays and takes their deposits.
package reservations

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Reservation statuses.
const (
	StatusPendingDeposit = "pending_deposit"
	StatusConfirmed      = "confirmed"
	StatusCheckedIn      = "checked_in"
	StatusCheckedOut     = "checked_out"
	StatusCancelled      = "cancelled"
)

// Deposit statuses.
const (
	DepositPending    = "pending"
	DepositProcessing = "processing"
	DepositSucceeded  = "succeeded"
	DepositFailed     = "failed"
	DepositVoid       = "void"
)

// Reservation is a boarding stay.
type Reservation struct {
	bun.BaseModel `bun:"table:reservations"`

	ID               uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	OwnerID          uuid.UUID  `bun:"owner_id,type:uuid,notnull" json:"owner_id"`
	DogID            uuid.UUID  `bun:"dog_id,type:uuid,notnull" json:"dog_id"`
	LocationID       string     `bun:"location_id,notnull" json:"location_id"`
	CheckIn          time.Time  `bun:"check_in,type:date,notnull" json:"check_in"`
	CheckOut         time.Time  `bun:"check_out,type:date,notnull" json:"check_out"`
	Nights           int        `bun:"nights,notnull" json:"nights"`
	NightlyRateCents int64      `bun:"nightly_rate_cents,notnull" json:"nightly_rate_cents"`
	DepositCents     int64      `bun:"deposit_cents,notnull" json:"deposit_cents"`
	Status           string     `bun:"status,notnull" json:"status"`
	Notes            *string    `bun:"notes" json:"notes,omitempty"`
	CreatedAt        time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp" json:"created_at"`
	ConfirmedAt      *time.Time `bun:"confirmed_at" json:"confirmed_at,omitempty"`
	CheckedInAt      *time.Time `bun:"checked_in_at" json:"checked_in_at,omitempty"`
	CheckedOutAt     *time.Time `bun:"checked_out_at" json:"checked_out_at,omitempty"`
	CancelledAt      *time.Time `bun:"cancelled_at" json:"cancelled_at,omitempty"`
	CancelReason     *string    `bun:"cancel_reason" json:"cancel_reason,omitempty"`
}

// LodgingCents is the price of the nights.
func (r *Reservation) LodgingCents() int64 { return int64(r.Nights) * r.NightlyRateCents }

// Deposit is the up-front payment taken when a stay is booked.
type Deposit struct {
	bun.BaseModel `bun:"table:deposits"`

	ReservationID   uuid.UUID `bun:"reservation_id,pk,type:uuid" json:"reservation_id"`
	OwnerID         uuid.UUID `bun:"owner_id,type:uuid,notnull" json:"owner_id"`
	AmountCents     int64     `bun:"amount_cents,notnull" json:"amount_cents"`
	Currency        string    `bun:"currency,notnull" json:"currency"`
	Status          string    `bun:"status,notnull" json:"status"`
	PaymentIntentID *string   `bun:"payment_intent_id" json:"payment_intent_id,omitempty"`
	FailureMessage  *string   `bun:"failure_message" json:"failure_message,omitempty"`
	CreatedAt       time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp" json:"created_at"`
	UpdatedAt       time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp" json:"updated_at"`
}
