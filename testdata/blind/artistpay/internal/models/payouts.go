package models

import "time"

// Payout statuses.
const (
	PayoutHeldTax   = "held_tax"
	PayoutPending   = "pending"
	PayoutSubmitted = "submitted"
	PayoutPaid      = "paid"
	PayoutFailed    = "failed"
	PayoutReturned  = "returned"
	PayoutOnHold    = "on_hold"
)

// Payout methods.
const (
	MethodBank     = "bank_transfer"
	MethodCardPush = "card_push"
)

// PayoutAccount is an artist's bank or card destination at the provider.
type PayoutAccount struct {
	ID                 string `gorm:"primaryKey;type:uuid"`
	ArtistID           string
	PayrailRecipientID string
	Method             string
	Last4              string `gorm:"column:last4"`
	Country            string
	Currency           string
	Status             string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

func (PayoutAccount) TableName() string { return "payout_accounts" }

// PayoutCycle is one scheduled monthly payout run.
type PayoutCycle struct {
	ID          string `gorm:"primaryKey;type:uuid"`
	Period      string
	Status      string
	PayoutCount int
	StartedAt   time.Time
	CompletedAt *time.Time
}

func (PayoutCycle) TableName() string { return "payout_cycles" }

// Payout is money sent to an artist.
type Payout struct {
	ID                string `gorm:"primaryKey;type:uuid"`
	ArtistID          string
	AccountID         *string
	AmountMicros      int64
	Currency          string
	Method            string
	Status            string
	StatementID       *string
	CycleID           *string
	AdvanceID         *string
	PayrailTransferID *string
	FailureCode       *string
	CreatedAt         time.Time
	SubmittedAt       *time.Time
	SettledAt         *time.Time
}

func (Payout) TableName() string { return "payouts" }

// PayoutReturn is a bank return reported after a transfer was paid.
type PayoutReturn struct {
	ID           string `gorm:"primaryKey;type:uuid"`
	PayoutID     string
	TransferID   string
	ReturnCode   string
	AmountMicros int64
	ReturnedAt   time.Time
}

func (PayoutReturn) TableName() string { return "payout_returns" }
