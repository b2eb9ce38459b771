package domain

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

type DeviceStatus string

const (
	DevicePendingActivation  DeviceStatus = "pending_activation"
	DeviceActive             DeviceStatus = "active"
	DeviceOffline            DeviceStatus = "offline"
	DeviceReplacementOrdered DeviceStatus = "replacement_ordered"
	DeviceRetired            DeviceStatus = "retired"
)

type TelematicsDevice struct {
	ID         uuid.UUID    `gorm:"type:uuid;primaryKey" json:"id"`
	Serial     string       `json:"serial"`
	VehicleID  *uuid.UUID   `gorm:"type:uuid" json:"vehicle_id,omitempty"`
	Status     DeviceStatus `json:"status"`
	Firmware   *string      `json:"firmware,omitempty"`
	LastSeenAt *time.Time   `json:"last_seen_at,omitempty"`
	CreatedAt  time.Time    `json:"created_at"`
	UpdatedAt  time.Time    `json:"updated_at"`
}

type DeviceOrderKind string

const (
	DeviceOrderActivation  DeviceOrderKind = "activation"
	DeviceOrderReplacement DeviceOrderKind = "replacement"
)

type DeviceOrder struct {
	ID            uuid.UUID `gorm:"type:uuid;primaryKey"`
	VehicleID     uuid.UUID `gorm:"type:uuid"`
	DeviceSerial  *string
	Kind          DeviceOrderKind
	VendorOrderID string
	Status        string
	CreatedAt     time.Time
}

type MileageReading struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	SubscriptionID uuid.UUID `gorm:"type:uuid"`
	VehicleID      uuid.UUID `gorm:"type:uuid"`
	OdometerKm     int
	DeltaKm        int
	RecordedAt     time.Time
	CreatedAt      time.Time
}

type Trip struct {
	TripID         string     `gorm:"primaryKey"`
	VehicleID      uuid.UUID  `gorm:"type:uuid"`
	SubscriptionID *uuid.UUID `gorm:"type:uuid"`
	DistanceKm     float64
	MaxSpeedKph    *int
	HarshEvents    int
	StartedAt      time.Time
	EndedAt        time.Time
}

type Incident struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	EventID        string
	VehicleID      uuid.UUID  `gorm:"type:uuid"`
	SubscriptionID *uuid.UUID `gorm:"type:uuid"`
	Severity       string
	Latitude       *float64
	Longitude      *float64
	OccurredAt     time.Time
	CreatedAt      time.Time
}

type GeofenceAlert struct {
	EventID    string    `gorm:"primaryKey"`
	VehicleID  uuid.UUID `gorm:"type:uuid"`
	Zone       string
	OccurredAt time.Time
	CreatedAt  time.Time
}

// TelemetryEventType is the "type" header of messages on the telemetry topic.
type TelemetryEventType string

const (
	EventMileageReported TelemetryEventType = "mileage.reported"
	EventTripCompleted   TelemetryEventType = "trip.completed"
	EventDeviceHeartbeat TelemetryEventType = "device.heartbeat"
	EventDeviceOffline   TelemetryEventType = "device.offline"
	EventCrashDetected   TelemetryEventType = "crash.detected"
	EventGeofenceExit    TelemetryEventType = "geofence.exit"
)

// TelemetryEvent is the envelope the telematics gateway publishes.
type TelemetryEvent struct {
	ID         string             `json:"id"`
	Type       TelemetryEventType `json:"type"`
	VehicleID  uuid.UUID          `json:"vehicle_id"`
	Serial     string             `json:"device_serial"`
	OccurredAt time.Time          `json:"occurred_at"`
	Data       json.RawMessage    `json:"data"`
}
