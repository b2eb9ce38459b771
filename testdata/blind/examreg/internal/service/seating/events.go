// Package seating applies events from the centre management system to
// sessions and seat counts.
package seating

import "time"

// Centre event types on the centre.seat-events topic.
const (
	EventSeatReleased       = "seat.released"
	EventCapacityChanged    = "capacity.changed"
	EventSessionRescheduled = "session.rescheduled"
	EventSessionCancelled   = "session.cancelled"
)

// CentreEvent is the envelope published by the centre management system.
type CentreEvent struct {
	EventID    string     `json:"event_id"`
	Type       string     `json:"type"`
	CentreID   string     `json:"centre_id"`
	SessionID  string     `json:"session_id"`
	Seats      int        `json:"seats,omitempty"`
	Capacity   int        `json:"capacity,omitempty"`
	Version    int64      `json:"version,omitempty"`
	StartsAt   *time.Time `json:"starts_at,omitempty"`
	Reason     string     `json:"reason,omitempty"`
	OccurredAt time.Time  `json:"occurred_at"`
}
