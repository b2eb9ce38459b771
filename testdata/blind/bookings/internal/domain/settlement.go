package domain

import "time"

// Settlement batch statuses.
const (
	BatchOpen         = "open"
	BatchComputed     = "computed"
	BatchPaid         = "paid"
	BatchAcknowledged = "acknowledged"
	BatchDisputed     = "disputed"
)

// PartnerOperator is a train operating company we sell seats for.
type PartnerOperator struct {
	Code            string `gorm:"primaryKey"`
	Name            string
	StripeAccountID string
	CommissionBps   int64
	SettlementEmail string
	Active          bool
	CreatedAt       time.Time
}

// SettlementBatch is one operator's settlement for one business day.
type SettlementBatch struct {
	ID               string `gorm:"primaryKey"`
	BusinessDate     time.Time
	OperatorCode     string
	Status           string
	GrossCents       int64
	CommissionCents  int64
	NetCents         int64
	Currency         string
	StripeTransferID string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// SettlementLine is one booking's contribution to a batch.
type SettlementLine struct {
	BookingID   string
	GrossCents  int64
	RefundCents int64
}
