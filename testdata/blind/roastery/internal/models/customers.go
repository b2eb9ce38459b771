package models

import (
	"time"

	"github.com/google/uuid"
)

// LoyaltyAccount holds a subscriber's points balance.
type LoyaltyAccount struct {
	CustomerID     uuid.UUID `gorm:"type:uuid;primaryKey"`
	BalancePoints  int
	LifetimePoints int
	UpdatedAt      time.Time
}

func (LoyaltyAccount) TableName() string { return "loyalty_accounts" }

const (
	LoyaltySourceSubscription = "subscription"
	LoyaltySourceDelivery     = "delivery"
	LoyaltySourceRedemption   = "redemption"
)

// LoyaltyLedgerEntry is one movement of points.
type LoyaltyLedgerEntry struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID uuid.UUID `gorm:"type:uuid"`
	Source     string
	SourceID   string
	Points     int
	CreatedAt  time.Time
}

func (LoyaltyLedgerEntry) TableName() string { return "loyalty_ledger" }

// LoyaltyRedemption is points exchanged for a store voucher.
type LoyaltyRedemption struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID  uuid.UUID `gorm:"type:uuid"`
	RequestKey  string
	Points      int
	VoucherCode string
	CreatedAt   time.Time
}

func (LoyaltyRedemption) TableName() string { return "loyalty_redemptions" }

const (
	RefundPendingApproval = "pending_approval"
	RefundApproved        = "approved"
	RefundProcessing      = "processing"
	RefundSucceeded       = "succeeded"
	RefundFailed          = "failed"
	RefundRejected        = "rejected"
)

// Refund is money returned to a subscriber for bags that arrived damaged.
type Refund struct {
	ID               string `gorm:"primaryKey"`
	RequestKey       string
	CustomerID       uuid.UUID `gorm:"type:uuid"`
	ShipmentID       string
	ChargeID         string
	Bags             int
	AmountCents      int64
	Reason           string
	Status           string
	ProviderRefundID *string
	ApprovedBy       *string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

func (Refund) TableName() string { return "refunds" }

// ProviderCallAttempt is an audit row written for every outbound provider
// request, successful or not.
type ProviderCallAttempt struct {
	ID         string `gorm:"primaryKey"`
	Provider   string
	Operation  string
	StatusCode *int
	Error      *string
	StartedAt  time.Time
	DurationMs int64
}

func (ProviderCallAttempt) TableName() string { return "provider_call_attempts" }
