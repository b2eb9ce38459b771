package model

import "time"

const (
	ShipmentOutbound = "outbound"
	ShipmentReturn   = "return"
)

const (
	ShipmentRequested = "requested"
	ShipmentPurchased = "purchased"
	ShipmentInTransit = "in_transit"
	ShipmentDelivered = "delivered"
	ShipmentVoided    = "voided"
	ShipmentFailed    = "failed"
)

type Shipment struct {
	ID                string `gorm:"primaryKey"`
	OrderID           string
	Kind              string
	ParcelSeq         int
	RequestID         *string
	CarrierShipmentID *string
	TrackingCode      *string
	LabelURL          *string
	RateCents         int64
	Status            string
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (Shipment) TableName() string { return "shipments" }

type TrackingEvent struct {
	CarrierEventID string `gorm:"primaryKey"`
	ShipmentID     string
	Status         string
	Detail         string
	OccurredAt     time.Time
	ReceivedAt     time.Time
}

func (TrackingEvent) TableName() string { return "tracking_events" }
