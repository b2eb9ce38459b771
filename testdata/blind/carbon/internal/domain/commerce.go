package domain

import (
	"time"

	"github.com/google/uuid"
)

// Order statuses.
const (
	OrderPendingPayment = "pending_payment"
	OrderPaid           = "paid"
	OrderCancelled      = "cancelled"
	OrderExpired        = "expired"
	OrderRefunded       = "refunded"
)

// PurchaseOrder is a buyer's order for credits from one batch.
type PurchaseOrder struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	BuyerAccountID   uuid.UUID `gorm:"type:uuid"`
	BatchID          uuid.UUID `gorm:"type:uuid"`
	Quantity         int64
	UnitPriceCents   int64
	AmountCents      int64
	Currency         string
	Status           string
	ReservationRef   string
	StripeCustomerID *string
	PaymentIntentID  *string
	PaidAt           *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// IdempotencyKey records a caller supplied key and the resource it produced.
type IdempotencyKey struct {
	Scope      string     `gorm:"primaryKey"`
	Key        string     `gorm:"primaryKey"`
	ResourceID *uuid.UUID `gorm:"type:uuid"`
	CreatedAt  time.Time
}

// Refund statuses.
const (
	RefundPending   = "pending"
	RefundSucceeded = "succeeded"
	RefundFailed    = "failed"
)

// Refund is a (partial) refund of a paid order.
type Refund struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	OrderID        uuid.UUID `gorm:"type:uuid"`
	RequestKey     string
	AmountCents    int64
	Reason         string
	Status         string
	StripeRefundID *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// DeveloperEarning is the developer's share of one paid order.
type DeveloperEarning struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	DeveloperID uuid.UUID `gorm:"type:uuid"`
	OrderID     uuid.UUID `gorm:"type:uuid"`
	GrossCents  int64
	FeeCents    int64
	NetCents    int64
	Currency    string
	CreatedAt   time.Time
}

// Payout statuses.
const (
	PayoutRequested = "requested"
	PayoutPaid      = "paid"
	PayoutFailed    = "failed"
	PayoutReversed  = "reversed"
)

// Payout moves a developer's available balance to their Stripe account.
type Payout struct {
	ID               uuid.UUID `gorm:"type:uuid;primaryKey"`
	DeveloperID      uuid.UUID `gorm:"type:uuid"`
	RequestKey       string
	AmountCents      int64
	Currency         string
	Status           string
	StripeTransferID *string
	FailureReason    *string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}
