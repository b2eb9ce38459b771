package domain

import (
	"time"

	"github.com/google/uuid"
)

// Payment operation kinds and statuses.
const (
	OpDepositHold    = "deposit_hold"
	OpDepositRelease = "deposit_release"

	OpPending = "pending"
	OpDone    = "done"
)

// PaymentOp is the durable record of a call made to the card processor for
// a reservation. Its ID doubles as the processor's idempotency key.
type PaymentOp struct {
	ID          string     `db:"id"`
	Kind        string     `db:"kind"`
	SubjectID   string     `db:"subject_id"`
	IntentID    string     `db:"intent_id"`
	AmountCents int64      `db:"amount_cents"`
	Status      string     `db:"status"`
	CreatedAt   time.Time  `db:"created_at"`
	CompletedAt *time.Time `db:"completed_at"`
}

// Subject types of a ChargeCommand.
const (
	SubjectRentalCharge = "rental_charge"
	SubjectClaimExcess  = "claim_excess"
)

// ChargeCommand asks the payments worker to charge a customer's card. It
// travels on the payments FIFO queue; CommandID is its deduplication id.
type ChargeCommand struct {
	CommandID   string    `json:"command_id"`
	CustomerID  uuid.UUID `json:"customer_id"`
	AmountCents int64     `json:"amount_cents"`
	SubjectType string    `json:"subject_type"`
	SubjectID   string    `json:"subject_id"`
	Description string    `json:"description"`
}

// Payment statuses.
const (
	PaymentPending   = "pending"
	PaymentSucceeded = "succeeded"
	PaymentFailed    = "failed"
)

type Payment struct {
	CommandID   string    `db:"command_id"`
	CustomerID  uuid.UUID `db:"customer_id"`
	SubjectType string    `db:"subject_type"`
	SubjectID   string    `db:"subject_id"`
	AmountCents int64     `db:"amount_cents"`
	IntentID    string    `db:"intent_id"`
	Status      string    `db:"status"`
	Error       string    `db:"error"`
	CreatedAt   time.Time `db:"created_at"`
	UpdatedAt   time.Time `db:"updated_at"`
}

// PaymentAttempt is one delivery of a ChargeCommand to the worker.
type PaymentAttempt struct {
	ID           string    `db:"id"`
	CommandID    string    `db:"command_id"`
	ReceiveCount int       `db:"receive_cnt"`
	StartedAt    time.Time `db:"started_at"`
}

// Refund is money returned to a customer by staff.
type Refund struct {
	ID             string    `db:"id" json:"id"`
	RentalID       uuid.UUID `db:"rental_id" json:"rental_id"`
	IntentID       string    `db:"intent_id" json:"-"`
	StripeRefundID string    `db:"stripe_refund_id" json:"stripe_refund_id"`
	AmountCents    int64     `db:"amount_cents" json:"amount_cents"`
	Reason         string    `db:"reason" json:"reason"`
	IssuedBy       string    `db:"issued_by" json:"issued_by"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
}
