// Package models holds the gorm models. Each model names its table
// explicitly; the schema itself lives in internal/db/schema.sql.
package models

import "time"

// Cafe is a wholesale account buying on credit terms.
type Cafe struct {
	ID               string `gorm:"primaryKey"`
	Name             string
	BillingEmail     string
	ShippingAddress  string `gorm:"type:jsonb"`
	CreditLimitCents int64
	OpenBalanceCents int64
	TermsDays        int
	OnHold           bool
	CreatedAt        time.Time
}

func (Cafe) TableName() string { return "cafes" }

// AvailableCredit is the amount the cafe can still order on terms.
func (c Cafe) AvailableCredit() int64 {
	return c.CreditLimitCents - c.OpenBalanceCents
}

// RoastedInventory is the stock of finished, bagged coffee per SKU.
type RoastedInventory struct {
	SKU                 string `gorm:"column:sku;primaryKey"`
	Description         string
	WholesalePriceCents int64
	BagsOnHand          int
	BagsReserved        int
	UpdatedAt           time.Time
}

func (RoastedInventory) TableName() string { return "roasted_inventory" }

// Available is the number of bags not yet promised to an order.
func (r RoastedInventory) Available() int { return r.BagsOnHand - r.BagsReserved }

const (
	OrderPlaced    = "placed"
	OrderInvoiced  = "invoiced"
	OrderShipped   = "shipped"
	OrderCancelled = "cancelled"
)

// WholesaleOrder is a cafe order shipped on credit.
type WholesaleOrder struct {
	ID         string `gorm:"primaryKey"`
	CafeID     string
	Status     string
	TotalCents int64
	PONumber   *string `gorm:"column:po_number"`
	InvoiceID  *string
	CreatedAt  time.Time
	Lines      []WholesaleOrderLine `gorm:"foreignKey:OrderID"`
}

func (WholesaleOrder) TableName() string { return "wholesale_orders" }

// WholesaleOrderLine is one SKU on an order.
type WholesaleOrderLine struct {
	OrderID        string `gorm:"primaryKey"`
	SKU            string `gorm:"column:sku;primaryKey"`
	Bags           int
	UnitPriceCents int64
}

func (WholesaleOrderLine) TableName() string { return "wholesale_order_lines" }

// IdempotencyRecord maps a client-supplied Idempotency-Key to the resource it
// created.
type IdempotencyRecord struct {
	Scope      string `gorm:"primaryKey"`
	Key        string `gorm:"primaryKey"`
	ResourceID string
	CreatedAt  time.Time
}

func (IdempotencyRecord) TableName() string { return "idempotency_records" }

// Invoice is the receivable raised for a wholesale order.
type Invoice struct {
	ID               string `gorm:"primaryKey"`
	OrderID          string
	CafeID           string
	LedgerInvoiceID  string
	AmountDueCents   int64
	DueAt            time.Time
	ReminderSentAt   *time.Time
	LateFeeAppliedAt *time.Time
	PaidAt           *time.Time
	CreatedAt        time.Time
}

func (Invoice) TableName() string { return "invoices" }
