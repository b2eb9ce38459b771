package store

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type Telematics struct{}

func NewTelematics() *Telematics { return &Telematics{} }

// InsertEvent stores a raw event once. It reports false if the event id
// was already stored.
func (Telematics) InsertEvent(ctx context.Context, q db.Ext, eventID string, vehicleID uuid.UUID, kind string, payload []byte, recordedAt time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO telematics_events (event_id, vehicle_id, kind, payload, recorded_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (event_id) DO NOTHING`, eventID, vehicleID, kind, string(payload), recordedAt)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// InsertFuelReading appends a point to a vehicle's fuel series.
func (Telematics) InsertFuelReading(ctx context.Context, q db.Ext, r domain.FuelReading) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO fuel_readings (id, vehicle_id, event_id, level_pct, recorded_at) VALUES ($1, $2, $3, $4, $5)`,
		r.ID, r.VehicleID, r.EventID, r.LevelPct, r.RecordedAt)
	return err
}

// Inbox remembers which events a consumer has applied.
type Inbox struct{}

func NewInbox() *Inbox { return &Inbox{} }

// Seen reports whether the consumer already applied the event.
func (Inbox) Seen(ctx context.Context, q db.Ext, consumer, eventID string) (bool, error) {
	var seen bool
	err := q.GetContext(ctx, &seen, `
		SELECT EXISTS (SELECT 1 FROM consumer_inbox WHERE consumer = $1 AND event_id = $2)`, consumer, eventID)
	return seen, err
}

// MarkSeen records that the consumer applied the event.
func (Inbox) MarkSeen(ctx context.Context, q db.Ext, consumer, eventID string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO consumer_inbox (consumer, event_id) VALUES ($1, $2)
		ON CONFLICT (consumer, event_id) DO NOTHING`, consumer, eventID)
	return err
}
