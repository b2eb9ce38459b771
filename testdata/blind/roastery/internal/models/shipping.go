package models

import (
	"time"

	"github.com/google/uuid"
)

const (
	ShipmentWholesale    = "wholesale"
	ShipmentSubscription = "subscription"
	ShipmentReplacement  = "replacement"

	ShipPending   = "pending"
	ShipLabelled  = "labelled"
	ShipInTransit = "in_transit"
	ShipDelivered = "delivered"
	ShipDamaged   = "damaged"
	ShipReturned  = "returned"
)

// Shipment is a parcel going to a cafe or a subscriber.
type Shipment struct {
	ID                   string `gorm:"primaryKey"`
	Kind                 string
	OrderID              *string
	SubscriptionChargeID *string
	ReplacesShipmentID   *string
	RecipientName        string
	RecipientEmail       string
	AddressJSON          string     `gorm:"column:address_json;type:jsonb"`
	CustomerID           *uuid.UUID `gorm:"type:uuid"`
	Status               string
	TrackingNumber       *string
	ShippedNotifiedAt    *time.Time
	DeliveredAt          *time.Time
	CreatedAt            time.Time
}

func (Shipment) TableName() string { return "shipments" }

// ShippingLabel is a postage label bought from the label provider.
type ShippingLabel struct {
	ID             string `gorm:"primaryKey"`
	ShipmentID     string
	Carrier        string
	ServiceLevel   string
	TrackingNumber string
	LabelURL       string
	CostCents      int64
	PurchasedAt    time.Time
}

func (ShippingLabel) TableName() string { return "shipping_labels" }

// CarrierEvent is a tracking scan reported by a carrier.
type CarrierEvent struct {
	ID             string `gorm:"primaryKey"`
	TrackingNumber string
	ShipmentID     *string
	Status         string
	OccurredAt     time.Time
	ReceivedAt     time.Time
}

func (CarrierEvent) TableName() string { return "carrier_events" }
