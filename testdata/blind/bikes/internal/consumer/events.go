// Package consumer reads dock controller events from JetStream.
package consumer

import (
	"time"

	"github.com/google/uuid"
)

// Subjects published by the dock controllers.
const (
	SubjectUndocked     = "docks.events.undocked"
	SubjectDocked       = "docks.events.docked"
	SubjectFault        = "docks.events.fault"
	SubjectStatus       = "docks.events.status"
	SubjectOccupancy    = "docks.events.occupancy"
	SubjectUnlockFailed = "docks.events.unlock_failed"
)

// DockEvent is the envelope every dock controller event uses.
type DockEvent struct {
	EventID    string     `json:"event_id"`
	DockID     string     `json:"dock_id"`
	StationID  string     `json:"station_id"`
	BikeID     string     `json:"bike_id,omitempty"`
	RideID     *uuid.UUID `json:"ride_id,omitempty"`
	Status     string     `json:"status,omitempty"`
	FaultCode  string     `json:"fault_code,omitempty"`
	Severity   string     `json:"severity,omitempty"`
	VoltageMV  int        `json:"voltage_mv,omitempty"`
	Reason     string     `json:"reason,omitempty"`
	OccurredAt time.Time  `json:"occurred_at"`
}
