// Package pickups owns pickup-point slot reservations.
package pickups

import (
	"errors"
	"time"
)

// SlotLength is the length of a pickup slot.
const SlotLength = 2 * time.Hour

// Reservation is a subscription's pickup slot for a week.
type Reservation struct {
	ID             string    `db:"id" json:"id"`
	SubscriptionID string    `db:"subscription_id" json:"subscription_id"`
	PickupPointID  string    `db:"pickup_point_id" json:"pickup_point_id"`
	WeekStart      time.Time `db:"week_start" json:"week_start"`
	SlotStart      time.Time `db:"slot_start" json:"slot_start"`
	SlotEnd        time.Time `db:"slot_end" json:"slot_end"`
	UpdatedAt      time.Time `db:"updated_at" json:"updated_at"`
}

// PickupPoint is a collection location.
type PickupPoint struct {
	ID              string `db:"id"`
	Name            string `db:"name"`
	Address         string `db:"address"`
	CapacityPerWeek int    `db:"capacity_per_week"`
	Active          bool   `db:"active"`
}

// ReserveRequest is the body of POST /pickups/reservations.
type ReserveRequest struct {
	SubscriptionID string    `json:"subscription_id"`
	PickupPointID  string    `json:"pickup_point_id"`
	SlotStart      time.Time `json:"slot_start"`
}

// Validate checks required fields.
func (r ReserveRequest) Validate() error {
	if r.SubscriptionID == "" || r.PickupPointID == "" || r.SlotStart.IsZero() {
		return errors.New("subscription_id, pickup_point_id and slot_start are required")
	}
	return nil
}

// RescheduleRequest is the body of POST /pickups/reservations/:id/reschedule.
type RescheduleRequest struct {
	PickupPointID string    `json:"pickup_point_id"`
	SlotStart     time.Time `json:"slot_start"`
}

// Validate checks required fields.
func (r RescheduleRequest) Validate() error {
	if r.PickupPointID == "" || r.SlotStart.IsZero() {
		return errors.New("pickup_point_id and slot_start are required")
	}
	return nil
}
