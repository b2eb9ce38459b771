package model

import (
	"database/sql/driver"
	"encoding/json"
	"errors"
	"time"
)

const (
	OrderReceived   = "received"
	OrderCharged    = "charged"
	OrderInPrint    = "in_print"
	OrderShipped    = "shipped"
	OrderDelivered  = "delivered"
	OrderCancelled  = "cancelled"
	OrderRefunded   = "refunded"
	OrderPaymentDue = "payment_due"
)

const (
	ChannelShop   = "shop"
	ChannelManual = "manual"
)

type Address struct {
	Name       string `json:"name"`
	Company    string `json:"company,omitempty"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
	Phone      string `json:"phone,omitempty"`
	Email      string `json:"email,omitempty"`
}

func (a Address) Value() (driver.Value, error) { return json.Marshal(a) }

func (a *Address) Scan(src any) error {
	switch v := src.(type) {
	case []byte:
		return json.Unmarshal(v, a)
	case string:
		return json.Unmarshal([]byte(v), a)
	case nil:
		return nil
	}
	return errors.New("model: unsupported address column type")
}

type Order struct {
	ID            string `gorm:"primaryKey"`
	MerchantID    string
	ShopOrderID   *string
	Channel       string
	Status        string
	Currency      string
	TotalCents    int64
	ShipTo        Address `gorm:"type:jsonb"`
	ShopUpdatedAt *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time

	Items []OrderItem `gorm:"foreignKey:OrderID"`
}

func (Order) TableName() string { return "orders" }

type OrderItem struct {
	ID            string `gorm:"primaryKey"`
	OrderID       string
	LineNo        int
	SKU           string `gorm:"column:sku"`
	Quantity      int
	ArtworkURL    string
	UnitCostCents int64
}

func (OrderItem) TableName() string { return "order_items" }

func (o *Order) ComputeTotal() int64 {
	var t int64
	for _, it := range o.Items {
		t += it.UnitCostCents * int64(it.Quantity)
	}
	return t
}

type InboundWebhook struct {
	Source     string `gorm:"primaryKey"`
	DeliveryID string `gorm:"primaryKey"`
	Topic      string
	ReceivedAt time.Time
}

func (InboundWebhook) TableName() string { return "inbound_webhooks" }
