package domain

import "time"

// MaterialPack is a stocked item sold at the kiosk (plywood sheets, PLA spools ...).
type MaterialPack struct {
	SKU        string    `db:"sku" json:"sku"`
	Name       string    `db:"name" json:"name"`
	PriceCents int64     `db:"price_cents" json:"price_cents"`
	Stock      int       `db:"stock" json:"stock"`
	UpdatedAt  time.Time `db:"updated_at" json:"updated_at"`
}

// SaleStatus is the payment state of a kiosk sale.
type SaleStatus string

const (
	SalePending           SaleStatus = "pending"
	SalePaid              SaleStatus = "paid"
	SaleFailed            SaleStatus = "failed"
	SaleRefunded          SaleStatus = "refunded"
	SalePartiallyRefunded SaleStatus = "partially_refunded"
)

// Sale is a kiosk transaction.
type Sale struct {
	ID                string     `db:"id" json:"id"`
	KioskID           string     `db:"kiosk_id" json:"kiosk_id"`
	MemberID          *string    `db:"member_id" json:"member_id,omitempty"`
	PaymentMethod     string     `db:"payment_method" json:"payment_method"`
	KioskTxnID        *string    `db:"kiosk_txn_id" json:"kiosk_txn_id,omitempty"`
	TotalCents        int64      `db:"total_cents" json:"total_cents"`
	Status            SaleStatus `db:"status" json:"status"`
	ProcessorChargeID *string    `db:"processor_charge_id" json:"processor_charge_id,omitempty"`
	CreatedAt         time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt         time.Time  `db:"updated_at" json:"updated_at"`
	Lines             []SaleLine `db:"-" json:"lines,omitempty"`
}

// SaleLine is one SKU on a sale.
type SaleLine struct {
	SaleID         string `db:"sale_id" json:"-"`
	SKU            string `db:"sku" json:"sku"`
	Quantity       int    `db:"quantity" json:"quantity"`
	UnitPriceCents int64  `db:"unit_price_cents" json:"unit_price_cents"`
}

// Refund is a card refund against a kiosk sale.
type Refund struct {
	ID                string    `db:"id" json:"id"`
	SaleID            string    `db:"sale_id" json:"sale_id"`
	RefundRequestID   string    `db:"refund_request_id" json:"refund_request_id"`
	AmountCents       int64     `db:"amount_cents" json:"amount_cents"`
	Reason            string    `db:"reason" json:"reason"`
	Status            string    `db:"status" json:"status"`
	ProcessorRefundID *string   `db:"processor_refund_id" json:"processor_refund_id,omitempty"`
	CreatedAt         time.Time `db:"created_at" json:"created_at"`
}

// Restock is a delivery of material packs from a supplier.
type Restock struct {
	ID         string    `db:"id"`
	SKU        string    `db:"sku"`
	Quantity   int       `db:"quantity"`
	Supplier   string    `db:"supplier"`
	ReceivedAt time.Time `db:"received_at"`
}
