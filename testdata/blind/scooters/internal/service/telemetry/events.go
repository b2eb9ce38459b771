package telemetry

import (
	"time"

	"github.com/kickvolt/ridecore/internal/domain"
)

// Event is a decoded telematics message.
type Event[T any] struct {
	// MessageID is the queue's ID for the message; it stays the same
	// across redeliveries.
	MessageID string
	ScooterID string
	EmittedAt time.Time
	Data      T
}

// Heartbeat is sent every 30 seconds while the scooter is awake.
type Heartbeat struct {
	OdometerDeltaM int64           `json:"odometer_delta_m"`
	Position       domain.Position `json:"position"`
	SpeedKmh       float32         `json:"speed_kmh"`
}

// BatteryReport is sent every five minutes.
type BatteryReport struct {
	BatteryPct    int   `json:"battery_pct"`
	EnergyDeltaWh int64 `json:"energy_delta_wh"`
}

// BatteryLow is raised once when the battery crosses the firmware threshold.
type BatteryLow struct {
	BatteryPct int    `json:"battery_pct"`
	ZoneID     string `json:"zone_id"`
}

// Parked is sent when the scooter comes to rest after a ride.
type Parked struct {
	Position      domain.Position `json:"position"`
	InParkingZone bool            `json:"in_parking_zone"`
}

// CrashDetected is raised by the IMU on a fall or collision.
type CrashDetected struct {
	Position domain.Position `json:"position"`
	PeakG    float64         `json:"peak_g"`
}

// LockEngaged is sent when the mechanical lock closes.
type LockEngaged struct {
	Position domain.Position `json:"position"`
}
