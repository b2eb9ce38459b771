package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

type Telemetry struct{ db *pgstore.DB }

// Sample is one position/battery reading from a scooter.
type Sample struct {
	ScooterID  string
	RecordedAt time.Time
	BatteryPct *int
	Position   domain.Position
	SpeedKmh   float32
}

// InsertSample keeps one reading per scooter and timestamp.
func (t *Telemetry) InsertSample(ctx context.Context, s Sample) error {
	_, err := t.db.Q(ctx).Exec(ctx, `
		INSERT INTO telemetry_samples (scooter_id, recorded_at, battery_pct, lat, lng, speed_kmh)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (scooter_id, recorded_at) DO NOTHING`,
		s.ScooterID, s.RecordedAt, s.BatteryPct, s.Position.Lat, s.Position.Lng, s.SpeedKmh)
	return err
}

// Inbox remembers which telematics messages have been handled.
type Inbox struct{ db *pgstore.DB }

func (i *Inbox) Seen(ctx context.Context, messageID string) (bool, error) {
	var one int
	err := i.db.Q(ctx).QueryRow(ctx,
		`SELECT 1 FROM telematics_inbox WHERE message_id = $1`, messageID).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (i *Inbox) Mark(ctx context.Context, messageID, eventType string) error {
	_, err := i.db.Q(ctx).Exec(ctx, `
		INSERT INTO telematics_inbox (message_id, event_type) VALUES ($1, $2)
		ON CONFLICT (message_id) DO NOTHING`, messageID, eventType)
	return err
}

// Claim inserts the message ID and reports whether this caller was first.
func (i *Inbox) Claim(ctx context.Context, messageID, eventType string) (bool, error) {
	tag, err := i.db.Q(ctx).Exec(ctx, `
		INSERT INTO telematics_inbox (message_id, event_type) VALUES ($1, $2)
		ON CONFLICT (message_id) DO NOTHING`, messageID, eventType)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
