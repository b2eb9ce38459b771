package domain

import (
	"time"

	"github.com/google/uuid"
)

const (
	InvoiceLandingFee     = "landing_fee"
	InvoiceLicenceFee     = "licence_fee"
	InvoiceOveragePenalty = "overage_penalty"

	InvoiceOpen    = "open"
	InvoiceCharged = "charged"
	InvoicePaid    = "paid"
	InvoiceFailed  = "failed"
)

type Invoice struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	Number      string
	VesselID    uuid.UUID `gorm:"type:uuid"`
	Kind        string
	SourceRef   string
	Period      string
	AmountMinor int64
	Currency    string
	Status      string
	ChargeID    string
	DueAt       time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (i *Invoice) Settled() bool { return i.Status == InvoicePaid || i.Status == InvoiceCharged }

// PaymentAttempt records every call made to the payments provider for an
// invoice, successful or not. It is used by finance for reconciliation.
type PaymentAttempt struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	InvoiceID      uuid.UUID `gorm:"type:uuid"`
	IdempotencyKey string
	ChargeID       string
	Outcome        string
	Error          string
	CreatedAt      time.Time
}

// ProcessedEvent remembers an inbound event (webhook or topic message) that a
// consumer has already applied.
type ProcessedEvent struct {
	Consumer    string `gorm:"primaryKey"`
	EventID     string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

// OutboxMessage is a background job written in the same transaction as the
// state change that requires it; the outbox relay moves it onto the queue.
type OutboxMessage struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	TaskType     string
	Payload      []byte `gorm:"type:jsonb"`
	CreatedAt    time.Time
	DispatchedAt *time.Time
}

func (OutboxMessage) TableName() string { return "outbox" }
