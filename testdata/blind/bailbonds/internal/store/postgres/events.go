package postgres

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// ProcessedEvents remembers which provider events have been applied.
type ProcessedEvents struct{}

// Claim records the event and reports whether this call was the first to
// do so. Run it in the transaction that applies the event.
func (ProcessedEvents) Claim(ctx context.Context, db sqlx.ExtContext, source, eventID string) (bool, error) {
	res, err := db.ExecContext(ctx, `
		INSERT INTO processed_events (source, event_id) VALUES ($1, $2)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Seen reports whether the event has been recorded.
func (ProcessedEvents) Seen(ctx context.Context, db sqlx.ExtContext, source, eventID string) (bool, error) {
	var ok bool
	err := sqlx.GetContext(ctx, db, &ok, `
		SELECT EXISTS (SELECT 1 FROM processed_events WHERE source = $1 AND event_id = $2)`, source, eventID)
	return ok, err
}

// Record stores the event as handled.
func (ProcessedEvents) Record(ctx context.Context, db sqlx.ExtContext, source, eventID string) error {
	_, err := db.ExecContext(ctx, `
		INSERT INTO processed_events (source, event_id) VALUES ($1, $2)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID)
	return err
}
