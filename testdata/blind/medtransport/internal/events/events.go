// Package events defines the NATS subjects and payloads exchanged between
// the API, the consumers and the billing worker.
package events

import (
	"time"

	"github.com/google/uuid"
)

const (
	StreamRides = "RIDES"
	StreamTrips = "TRIPS"

	SubjectRideRequested = "rides.requested"
	SubjectRideApproved  = "rides.approved"
	SubjectTripDispatch  = "trips.dispatch"
	SubjectTripAssigned  = "trips.assigned"
	SubjectTripStatus    = "trips.status"
	SubjectTripCompleted = "trips.completed"
	SubjectTripCancelled = "trips.cancelled"
	SubjectTripBilled    = "trips.billed"
)

type RideRequested struct {
	RideID   uuid.UUID `json:"ride_id"`
	ClinicID uuid.UUID `json:"clinic_id"`
}

type RideApproved struct {
	RideID     uuid.UUID `json:"ride_id"`
	AuthNumber string    `json:"auth_number,omitempty"`
}

type TripDispatch struct {
	TripID uuid.UUID `json:"trip_id"`
}

type TripAssigned struct {
	TripID   uuid.UUID `json:"trip_id"`
	DriverID uuid.UUID `json:"driver_id"`
}

type TripStatusChanged struct {
	TripID     uuid.UUID `json:"trip_id"`
	ClinicID   uuid.UUID `json:"clinic_id"`
	Status     string    `json:"status"`
	OccurredAt time.Time `json:"occurred_at"`
}

type TripCompleted struct {
	TripID   uuid.UUID `json:"trip_id"`
	ClinicID uuid.UUID `json:"clinic_id"`
}

type TripCancelled struct {
	TripID   uuid.UUID `json:"trip_id"`
	RideID   uuid.UUID `json:"ride_id"`
	ClinicID uuid.UUID `json:"clinic_id"`
	Reason   string    `json:"reason,omitempty"`
}

type TripBilled struct {
	TripID      uuid.UUID `json:"trip_id"`
	ClaimNumber string    `json:"claim_number,omitempty"`
	BilledCents int64     `json:"billed_cents"`
}
