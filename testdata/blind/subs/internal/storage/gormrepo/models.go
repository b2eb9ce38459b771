package gormrepo

import (
	"time"

	"github.com/google/uuid"
)

type Plan struct {
	ID                string `gorm:"primaryKey"`
	Name              string
	Currency          string
	AmountCents       int64
	BillingInterval   string
	UsageMetric       *string
	UnitPriceMicros   int64
	IncludedUnits     int64
	AlertThresholdPct int
	Active            bool
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (Plan) TableName() string { return "plans" }

type CreditGrant struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID     string
	AmountCents    int64
	RemainingCents int64
	Reason         string
	Source         string
	Status         string
	ExpiresAt      *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (CreditGrant) TableName() string { return "credit_grants" }

type CreditLedgerEntry struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	GrantID     uuid.UUID `gorm:"type:uuid"`
	CustomerID  string
	Kind        string
	AmountCents int64
	CreatedAt   time.Time
}

func (CreditLedgerEntry) TableName() string { return "credit_ledger" }

type Coupon struct {
	ID             string `gorm:"primaryKey"`
	Code           string
	PercentOff     *int
	AmountOffCents *int64
	CreditCents    int64
	MaxRedemptions *int
	TimesRedeemed  int
	ValidUntil     *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

func (Coupon) TableName() string { return "coupons" }

// Redeemable reports whether another redemption is allowed at now.
func (c Coupon) Redeemable(now time.Time) bool {
	if c.ValidUntil != nil && now.After(*c.ValidUntil) {
		return false
	}
	return c.MaxRedemptions == nil || c.TimesRedeemed < *c.MaxRedemptions
}

type CouponRedemption struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	CouponID    string
	CustomerID  string
	CreditGrant *uuid.UUID `gorm:"type:uuid"`
	CreatedAt   time.Time
}

func (CouponRedemption) TableName() string { return "coupon_redemptions" }

type SubscriptionDiscount struct {
	SubscriptionID string `gorm:"primaryKey"`
	CouponID       string `gorm:"primaryKey"`
	AppliedAt      time.Time
}

func (SubscriptionDiscount) TableName() string { return "subscription_discounts" }
