package models

import (
	"time"

	"github.com/google/uuid"
)

type ShopOrderStatus string

const (
	ShopOrderPendingPayment ShopOrderStatus = "pending_payment"
	ShopOrderPaid           ShopOrderStatus = "paid"
	ShopOrderShipped        ShopOrderStatus = "shipped"
	ShopOrderReturned       ShopOrderStatus = "returned"
	ShopOrderCancelled      ShopOrderStatus = "cancelled"
)

type ShopOrder struct {
	ID            uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerEmail string
	CustomerName  string
	ShipLine1     string
	ShipLine2     *string
	ShipCity      string
	ShipPostcode  string
	ShipCountry   string
	SubtotalMinor int64
	ShippingMinor int64
	TotalMinor    int64
	Currency      string
	Status        ShopOrderStatus
	Lines         []ShopOrderLine `gorm:"foreignKey:OrderID"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (ShopOrder) TableName() string { return "shop_orders" }

type ShopOrderLine struct {
	OrderID   uuid.UUID `gorm:"type:uuid;primaryKey"`
	LineNo    int       `gorm:"primaryKey"`
	SKU       string    `gorm:"column:sku"`
	Title     string
	Quantity  int
	UnitMinor int64
}

func (ShopOrderLine) TableName() string { return "shop_order_lines" }

type InventoryItem struct {
	SKU        string `gorm:"column:sku;primaryKey"`
	Title      string
	PriceMinor int64
	OnHand     int
	Allocated  int
	PartnerSeq int64
	UpdatedAt  time.Time
}

func (InventoryItem) TableName() string { return "inventory" }

type Shipment struct {
	OrderID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	PartnerOrderID  string
	ClientReference string
	Carrier         *string
	TrackingNumber  *string
	Status          string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (Shipment) TableName() string { return "shipments" }

type FulfilmentEvent struct {
	EventID    string `gorm:"primaryKey"`
	EventType  string
	ReceivedAt time.Time `gorm:"autoCreateTime"`
}

func (FulfilmentEvent) TableName() string { return "fulfilment_events" }

type ShopCapture struct {
	OrderID      uuid.UUID `gorm:"type:uuid;primaryKey"`
	PSPReference string
	AmountMinor  int64
	CapturedAt   time.Time `gorm:"autoCreateTime"`
}

func (ShopCapture) TableName() string { return "shop_captures" }
