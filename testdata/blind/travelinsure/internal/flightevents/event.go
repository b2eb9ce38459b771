// Package flightevents defines the flight-status feed event and keeps the
// flight_statuses table in step with it.
package flightevents

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
)

// Event types published by the flight-status feed.
const (
	TypeStatus    = "flight.status"
	TypeArrived   = "flight.arrived"
	TypeCancelled = "flight.cancelled"
)

// Event is one message on the feed. EventID is assigned by the feed
// provider and is stable across re-publication of the same event.
type Event struct {
	EventID            string     `json:"event_id"`
	Type               string     `json:"type"`
	FlightID           string     `json:"flight_id"`
	Carrier            string     `json:"carrier"`
	Number             string     `json:"number"`
	ScheduledDeparture time.Time  `json:"scheduled_departure"`
	ScheduledArrival   time.Time  `json:"scheduled_arrival"`
	ActualArrival      *time.Time `json:"actual_arrival,omitempty"`
	Status             string     `json:"status"`
	DelayMinutes       int        `json:"delay_minutes"`
	OccurredAt         time.Time  `json:"occurred_at"`
}

// Parse decodes and validates a feed message body.
func Parse(body []byte) (Event, error) {
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return ev, fmt.Errorf("decode flight event: %w", err)
	}
	if ev.EventID == "" || ev.FlightID == "" || ev.Type == "" {
		return ev, fmt.Errorf("flight event missing event_id, flight_id or type")
	}
	return ev, nil
}

// StatusWriter records the latest state of a flight.
type StatusWriter interface {
	Record(ctx context.Context, ev Event) error
}

type statusWriter struct {
	db bun.IDB
}

// NewStatusWriter returns a StatusWriter on db.
func NewStatusWriter(db bun.IDB) StatusWriter {
	return &statusWriter{db: db}
}

// Record upserts the flight row. Events older than the stored one do not
// overwrite it, so replays and out-of-order delivery leave the newest state.
func (w *statusWriter) Record(ctx context.Context, ev Event) error {
	row := &models.FlightStatus{
		FlightID:     ev.FlightID,
		Carrier:      ev.Carrier,
		Number:       ev.Number,
		ScheduledDep: ev.ScheduledDeparture,
		ScheduledArr: ev.ScheduledArrival,
		ActualArr:    ev.ActualArrival,
		Status:       ev.Status,
		DelayMinutes: ev.DelayMinutes,
		LastEventID:  ev.EventID,
		LastEventAt:  ev.OccurredAt,
		UpdatedAt:    time.Now().UTC(),
	}
	_, err := w.db.NewInsert().Model(row).
		On("CONFLICT (flight_id) DO UPDATE").
		Set("actual_arrival = EXCLUDED.actual_arrival").
		Set("status = EXCLUDED.status").
		Set("delay_minutes = EXCLUDED.delay_minutes").
		Set("last_event_id = EXCLUDED.last_event_id").
		Set("last_event_at = EXCLUDED.last_event_at").
		Set("updated_at = EXCLUDED.updated_at").
		Where("fs.last_event_at <= EXCLUDED.last_event_at").
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("record flight status %s: %w", ev.FlightID, err)
	}
	return nil
}
