package domain

import (
	"time"

	"github.com/google/uuid"
)

// Telematics topics.
const (
	TopicMileage = "telematics.mileage"
	TopicFuel    = "telematics.fuel"
	TopicTrips   = "telematics.trips"
	TopicFaults  = "telematics.faults"
)

// MileageEvent reports a vehicle's odometer.
type MileageEvent struct {
	EventID    string    `json:"event_id"`
	VehicleID  uuid.UUID `json:"vehicle_id"`
	OdometerKm int       `json:"odometer_km"`
	RecordedAt time.Time `json:"recorded_at"`
}

// FuelEvent reports a vehicle's fuel level.
type FuelEvent struct {
	EventID    string    `json:"event_id"`
	VehicleID  uuid.UUID `json:"vehicle_id"`
	LevelPct   int       `json:"level_pct"`
	RecordedAt time.Time `json:"recorded_at"`
}

// TripEvent summarises one ignition-on to ignition-off trip.
type TripEvent struct {
	EventID    string    `json:"event_id"`
	VehicleID  uuid.UUID `json:"vehicle_id"`
	DistanceKm int       `json:"distance_km"`
	StartedAt  time.Time `json:"started_at"`
	EndedAt    time.Time `json:"ended_at"`
}

// FaultEvent carries a diagnostic trouble code raised by a vehicle.
type FaultEvent struct {
	EventID    string    `json:"event_id"`
	VehicleID  uuid.UUID `json:"vehicle_id"`
	Code       string    `json:"code"`
	Severity   int       `json:"severity"`
	RecordedAt time.Time `json:"recorded_at"`
}

// FuelReading is one point of a vehicle's fuel level series.
type FuelReading struct {
	ID         string    `db:"id"`
	VehicleID  uuid.UUID `db:"vehicle_id"`
	EventID    string    `db:"event_id"`
	LevelPct   int       `db:"level_pct"`
	RecordedAt time.Time `db:"recorded_at"`
}
