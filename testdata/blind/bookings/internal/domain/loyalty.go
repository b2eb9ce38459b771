package domain

import "time"

// LoyaltyAccount is a member's points balance.
type LoyaltyAccount struct {
	MemberID      string `gorm:"primaryKey"`
	PointsBalance int64
	Tier          string
	UpdatedAt     time.Time
}

// LedgerEntry is one movement of loyalty points.
type LedgerEntry struct {
	ID        string `gorm:"primaryKey"`
	MemberID  string
	BookingID *string
	Points    int64
	Reason    string
	CreatedAt time.Time
}

// TableName pins the table name.
func (LedgerEntry) TableName() string { return "loyalty_ledger" }

// Redemption is a points-for-reward exchange.
type Redemption struct {
	RedemptionRef string `gorm:"primaryKey"`
	MemberID      string
	Points        int64
	RewardCode    string
	VoucherCode   string
	Status        string
	CreatedAt     time.Time
}

// TableName pins the table name.
func (Redemption) TableName() string { return "loyalty_redemptions" }

// TierAssignment is a member's computed tier for a period.
type TierAssignment struct {
	MemberID       string
	Period         string
	Tier           string
	PointsInPeriod int64
	ComputedAt     time.Time
}
