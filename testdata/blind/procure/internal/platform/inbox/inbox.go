// Package inbox records which events a consumer has already handled.
package inbox

import (
	"context"

	"github.com/northmill/procure/internal/platform/db"
)

// Inbox is the repository over processed_events.
type Inbox struct{}

// New returns the repository.
func New() *Inbox { return &Inbox{} }

// Claim marks the event as processed and reports whether this call was the
// first to do so.
func (i *Inbox) Claim(ctx context.Context, q db.Querier, consumer, eventID string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
		ON CONFLICT (consumer, event_id) DO NOTHING`, consumer, eventID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Seen reports whether the event has been processed.
func (i *Inbox) Seen(ctx context.Context, q db.Querier, consumer, eventID string) (bool, error) {
	var exists bool
	err := q.GetContext(ctx, &exists, `
		SELECT EXISTS (SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2)`,
		consumer, eventID)
	return exists, err
}

// Mark records the event as processed.
func (i *Inbox) Mark(ctx context.Context, q db.Querier, consumer, eventID string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
		ON CONFLICT (consumer, event_id) DO NOTHING`, consumer, eventID)
	return err
}
