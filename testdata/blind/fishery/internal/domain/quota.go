package domain

import (
	"time"

	"github.com/google/uuid"
)

// QuotaHolding is one vessel's allocation of a stock (species in an area)
// for a season. UsedKg grows as landings are declared against it.
type QuotaHolding struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	VesselID    uuid.UUID `gorm:"type:uuid"`
	Species     string
	Area        string
	Season      int
	AllocatedKg int64
	UsedKg      int64
	Frozen      bool
	UpdatedAt   time.Time
}

func (h QuotaHolding) AvailableKg() int64 { return h.AllocatedKg - h.UsedKg }

func (h QuotaHolding) OverageKg() int64 {
	if h.UsedKg > h.AllocatedKg {
		return h.UsedKg - h.AllocatedKg
	}
	return 0
}

// QuotaLedgerEntry is the append-only history of every change to a holding.
type QuotaLedgerEntry struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	HoldingID uuid.UUID `gorm:"type:uuid"`
	DeltaKg   int64
	Reason    string
	Reference string
	CreatedAt time.Time
}

func (QuotaLedgerEntry) TableName() string { return "quota_ledger" }

const (
	PurchasePending = "pending"
	PurchaseCharged = "charged"
	PurchaseSettled = "settled"
	PurchaseFailed  = "failed"
)

type QuotaPurchase struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	VesselID   uuid.UUID `gorm:"type:uuid"`
	ClientRef  string
	Species    string
	Area       string
	Season     int
	QuantityKg int64
	PriceMinor int64
	Currency   string
	Status     string
	ChargeID   string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

type QuotaTransfer struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	Reference    string
	FromVesselID uuid.UUID `gorm:"type:uuid"`
	ToVesselID   uuid.UUID `gorm:"type:uuid"`
	Species      string
	Area         string
	Season       int
	QuantityKg   int64
	PriceMinor   int64
	Status       string
	CreatedAt    time.Time
}
