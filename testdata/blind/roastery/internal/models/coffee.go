package models

import (
	"time"

	"github.com/google/uuid"
)

const (
	ContractDraft     = "draft"
	ContractSubmitted = "submitted"
	ContractConfirmed = "confirmed"
	ContractRejected  = "rejected"
	ContractClosed    = "closed"
)

// GreenContract is a forward purchase of green coffee from an importer.
type GreenContract struct {
	ID                  string `gorm:"primaryKey"`
	RequestKey          string
	ImporterCode        string
	Origin              string
	LotDescription      string
	ContractedKg        float64
	PricePerKgCents     int64
	Status              string
	ImporterContractRef *string
	ReceivedKg          float64
	ConfirmedAt         *time.Time
	CreatedAt           time.Time
}

func (GreenContract) TableName() string { return "green_contracts" }

// GreenLot is a physical lot landed at a warehouse against a contract.
type GreenLot struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	ContractID   string
	LotNumber    string
	WarehouseRef string
	KgReceived   float64
	KgOnHand     float64
	ReceivedAt   time.Time
}

func (GreenLot) TableName() string { return "green_lots" }

// ProcessedMessage records that a consumer has handled a message.
type ProcessedMessage struct {
	Consumer    string `gorm:"primaryKey"`
	MessageID   string `gorm:"primaryKey"`
	ProcessedAt time.Time
}

func (ProcessedMessage) TableName() string { return "processed_messages" }

// RoastBatch is one drum load roasted on the floor.
type RoastBatch struct {
	ID         string `gorm:"primaryKey"`
	GreenLotID uuid.UUID
	MachineID  string
	Profile    string
	Operator   string
	SKU        string `gorm:"column:sku"`
	GreenKg    float64
	RoastedKg  float64
	Bags       int
	StartedAt  time.Time
	CreatedAt  time.Time
}

func (RoastBatch) TableName() string { return "roast_batches" }

// RoastReceipt records that a batch's bags were put into finished stock.
type RoastReceipt struct {
	BatchID    string `gorm:"primaryKey"`
	SKU        string `gorm:"column:sku"`
	Bags       int
	ReceivedAt time.Time
}

func (RoastReceipt) TableName() string { return "roast_receipts" }

// InventoryAdjustment is a manual stock correction (cycle count, spoilage).
type InventoryAdjustment struct {
	ID        string `gorm:"primaryKey"`
	SKU       string `gorm:"column:sku"`
	DeltaBags int
	Reason    string
	CreatedBy string
	CreatedAt time.Time
}

func (InventoryAdjustment) TableName() string { return "inventory_adjustments" }
