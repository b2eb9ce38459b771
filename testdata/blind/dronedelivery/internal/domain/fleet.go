package domain

import (
	"time"

	"github.com/google/uuid"
)

// FlightPlanStatus follows the airspace authority's plan states plus our own completion marker.
type FlightPlanStatus string

const (
	PlanFiled     FlightPlanStatus = "filed"
	PlanApproved  FlightPlanStatus = "approved"
	PlanRejected  FlightPlanStatus = "rejected"
	PlanActive    FlightPlanStatus = "active"
	PlanCompleted FlightPlanStatus = "completed"
	PlanCancelled FlightPlanStatus = "cancelled"
)

// FlightPlan is a plan filed with the airspace authority for one delivery flight.
type FlightPlan struct {
	ID              uuid.UUID
	OrderID         uuid.UUID
	DroneID         string
	OperatorRef     string
	AuthorityPlanID string
	Status          FlightPlanStatus
	WindowStart     time.Time
	WindowEnd       time.Time
	MaxAltitudeM    int
	Route           []Point
	CreatedAt       time.Time
}

// PlanDecision is the authority's verdict on a filed plan.
type PlanDecision struct {
	AuthorityDecisionID string
	FlightPlanID        uuid.UUID
	Decision            string
	Reason              string
	DecidedAt           time.Time
}

// GeofenceIncident records a drone leaving its approved corridor.
type GeofenceIncident struct {
	ID                  uuid.UUID
	TelemetryEventID    string
	DroneID             string
	FlightPlanID        *uuid.UUID
	AuthorityIncidentID string
	ZoneCode            string
	BreachedAt          time.Time
}

// Battery is a swappable flight pack.
type Battery struct {
	Serial     string
	DepotID    string
	DroneID    string
	CycleCount int
	HealthPct  int
}

// BatterySwap is a technician replacing a drone's pack at a depot.
type BatterySwap struct {
	SwapID          uuid.UUID
	DepotID         string
	DroneID         string
	RemovedSerial   string
	InstalledSerial string
	Slot            int
	Technician      string
	SwappedAt       time.Time
}

// SlotState is what a depot charging slot currently holds.
type SlotState struct {
	DepotID       string
	Slot          int
	BatterySerial string
	ChargePct     int
}

// BatteryAlert is raised by the flight controller when a pack crosses a critical threshold.
type BatteryAlert struct {
	AlertID       string
	DroneID       string
	BatterySerial string
	ChargePct     int
	CellTempC     float64
	RaisedAt      time.Time
}

// PositionFix is one telemetry sample.
type PositionFix struct {
	DroneID    string
	RecordedAt time.Time
	Lat        float64
	Lng        float64
	AltitudeM  float64
	SpeedMPS   float64
	BatteryPct int
}
