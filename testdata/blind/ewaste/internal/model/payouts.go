package model

import (
	"time"

	"github.com/google/uuid"
)

// Payout statuses.
const (
	PayoutPending   = "pending"
	PayoutSubmitted = "submitted"
	PayoutPaid      = "paid"
	PayoutFailed    = "failed"
	PayoutReturned  = "returned"
)

type Payout struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	TradeInID          uuid.UUID `gorm:"type:uuid"`
	CustomerID         uuid.UUID `gorm:"type:uuid"`
	PayoutMethodID     uuid.UUID `gorm:"type:uuid"`
	AmountCents        int64
	Currency           string
	Status             string
	CurrentAttempt     int
	ProviderTransferID *string
	FailureReason      *string
	PaidAt             *time.Time
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// Attempt statuses.
const (
	AttemptCreated   = "created"
	AttemptSubmitted = "submitted"
	AttemptRejected  = "rejected"
)

type PayoutAttempt struct {
	ID                 string    `gorm:"primaryKey"`
	PayoutID           uuid.UUID `gorm:"type:uuid"`
	AttemptNo          int
	IdempotencyKey     string
	Status             string
	ProviderTransferID *string
	Error              *string
	RequestedBy        string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// Ledger accounts.
const (
	AccountPayoutsClearing = "payouts_clearing"
	AccountDeviceInventory = "device_inventory"
	AccountStoreCredit     = "store_credit_liability"
)

type LedgerEntry struct {
	ID          string `gorm:"primaryKey"`
	Account     string
	TradeInID   *uuid.UUID `gorm:"type:uuid"`
	PayoutID    *uuid.UUID `gorm:"type:uuid"`
	Direction   string
	AmountCents int64
	Currency    string
	Memo        *string
	CreatedAt   time.Time
}

type StoreCreditAccount struct {
	CustomerID   uuid.UUID `gorm:"type:uuid;primaryKey"`
	BalanceCents int64
	Currency     string
	UpdatedAt    time.Time
}
