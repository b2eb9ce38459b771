// Package refunds issues cancellation refunds against reservation deposits.
package refunds

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Refund statuses.
const (
	StatusPending   = "pending"
	StatusSubmitted = "submitted"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
)

// Refund is one cancellation refund. A reservation has at most one.
type Refund struct {
	bun.BaseModel `bun:"table:refunds"`

	ID              string    `bun:"id,pk"`
	ReservationID   uuid.UUID `bun:"reservation_id,type:uuid,notnull"`
	PaymentIntentID string    `bun:"payment_intent_id,notnull"`
	AmountCents     int64     `bun:"amount_cents,notnull"`
	Reason          string    `bun:"reason,notnull"`
	Status          string    `bun:"status,notnull"`
	StripeRefundID  *string   `bun:"stripe_refund_id"`
	FailureMessage  *string   `bun:"failure_message"`
	CreatedAt       time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt       time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}
