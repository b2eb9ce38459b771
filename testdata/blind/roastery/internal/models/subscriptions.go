package models

import (
	"time"

	"github.com/google/uuid"
)

// Customer is a consumer subscriber.
type Customer struct {
	ID              uuid.UUID `gorm:"type:uuid;primaryKey"`
	Email           string
	Name            string
	PaymentMethodID string
	CreatedAt       time.Time
}

func (Customer) TableName() string { return "customers" }

const (
	SubPending       = "pending"
	SubActive        = "active"
	SubPaused        = "paused"
	SubCancelled     = "cancelled"
	SubPaymentFailed = "payment_failed"
)

// Subscription is a monthly bean subscription.
type Subscription struct {
	ID              string `gorm:"primaryKey"`
	CustomerID      uuid.UUID
	RequestKey      string
	SKU             string `gorm:"column:sku"`
	BagsPerMonth    int
	PriceCents      int64
	ShippingAddress string `gorm:"type:jsonb"`
	Status          string
	FirstChargeID   *string
	NextChargeAt    time.Time
	CreatedAt       time.Time
}

func (Subscription) TableName() string { return "subscriptions" }

const (
	ChargePending   = "pending"
	ChargeSucceeded = "succeeded"
	ChargeFailed    = "failed"
)

// SubscriptionCharge is one monthly billing attempt for a subscription.
type SubscriptionCharge struct {
	ID               string `gorm:"primaryKey"`
	SubscriptionID   string
	Period           string
	AmountCents      int64
	Status           string
	ProviderChargeID *string
	FailureReason    *string
	CreatedAt        time.Time
}

func (SubscriptionCharge) TableName() string { return "subscription_charges" }
