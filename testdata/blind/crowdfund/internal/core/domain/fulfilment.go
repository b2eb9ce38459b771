package domain

import "time"

type ShipmentStatus string

const (
	ShipmentBooked    ShipmentStatus = "booked"
	ShipmentInTransit ShipmentStatus = "in_transit"
	ShipmentDelivered ShipmentStatus = "delivered"
	ShipmentException ShipmentStatus = "exception"
	ShipmentReturned  ShipmentStatus = "returned"
)

type Shipment struct {
	ID                string
	PledgeID          string
	CampaignID        string
	CarrierShipmentID string
	TrackingNumber    string
	LabelURL          string
	Status            ShipmentStatus
	ReturnLabelID     string
	ReturnLabelURL    string
	PickupID          string
	CreatedAt         time.Time
}

type ShipmentEvent struct {
	CarrierEventID    string
	CarrierShipmentID string
	Status            ShipmentStatus
	Detail            string
	OccurredAt        time.Time
}

type Pickup struct {
	ID              string
	CampaignID      string
	CarrierPickupID string
	PickupDate      time.Time
	Parcels         int
	CreatedAt       time.Time
}
