package domain

import (
	"time"

	"github.com/google/uuid"
)

type DeliveryKind string

const (
	DeliveryInitial DeliveryKind = "delivery"
	DeliverySwap    DeliveryKind = "swap"
	DeliveryPickup  DeliveryKind = "pickup"
)

type DeliveryStatus string

const (
	DeliveryRequested DeliveryStatus = "requested"
	DeliveryBooked    DeliveryStatus = "booked"
	DeliveryCompleted DeliveryStatus = "completed"
	DeliveryCancelled DeliveryStatus = "cancelled"
)

// Delivery is any vehicle movement the logistics partner performs for us:
// the first hand-over, a swap for another car, or a pickup.
type Delivery struct {
	ID                uuid.UUID      `gorm:"type:uuid;primaryKey" json:"id"`
	SubscriptionID    uuid.UUID      `gorm:"type:uuid" json:"subscription_id"`
	Kind              DeliveryKind   `json:"kind"`
	VehicleID         *uuid.UUID     `gorm:"type:uuid" json:"vehicle_id,omitempty"`
	ReturnVehicleID   *uuid.UUID     `gorm:"type:uuid" json:"return_vehicle_id,omitempty"`
	Address           string         `json:"address"`
	WindowStart       time.Time      `json:"window_start"`
	WindowEnd         time.Time      `json:"window_end"`
	Status            DeliveryStatus `json:"status"`
	RequestKey        *string        `json:"-"`
	PartnerBookingRef *string        `json:"partner_booking_ref,omitempty"`
	PartnerETA        *time.Time     `gorm:"column:partner_eta" json:"partner_eta,omitempty"`
	CreatedAt         time.Time      `json:"created_at"`
	UpdatedAt         time.Time      `json:"updated_at"`
}

// TimeWindow is a customer-chosen hand-over slot.
type TimeWindow struct {
	Start time.Time
	End   time.Time
}

func (w TimeWindow) Valid(now time.Time) bool {
	return w.End.After(w.Start) && w.Start.After(now) && w.End.Sub(w.Start) <= 6*time.Hour
}
