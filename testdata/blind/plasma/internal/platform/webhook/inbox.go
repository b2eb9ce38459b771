package webhook

import (
	"context"
	"fmt"

	"github.com/veinline/plasmaops/internal/platform/pgstore"
)

// Inbox records webhook deliveries we have processed, keyed on the
// provider's event id, in the webhook_events table.
type Inbox struct {
	db pgstore.DBTX
}

// NewInbox returns an Inbox on the shared pool.
func NewInbox(s *pgstore.Store) *Inbox {
	return &Inbox{db: s.DB()}
}

// Seen reports whether the event has already been processed.
func (i *Inbox) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var exists bool
	err := i.db.QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM webhook_events WHERE provider = $1 AND event_id = $2)`,
		provider, eventID).Scan(&exists)
	if err != nil {
		return false, fmt.Errorf("inbox seen: %w", err)
	}
	return exists, nil
}

// Mark records the event as processed.
func (i *Inbox) Mark(ctx context.Context, provider, eventID, eventType string) error {
	_, err := i.db.Exec(ctx,
		`INSERT INTO webhook_events (provider, event_id, event_type)
		 VALUES ($1, $2, $3)
		 ON CONFLICT (provider, event_id) DO NOTHING`,
		provider, eventID, eventType)
	if err != nil {
		return fmt.Errorf("inbox mark: %w", err)
	}
	return nil
}

// Claim records the event on the caller's handle and reports whether this
// call was the first to do so. Pass the transaction that applies the
// event's effects so the marker and the effects commit together.
func Claim(ctx context.Context, db pgstore.DBTX, provider, eventID, eventType string) (bool, error) {
	tag, err := db.Exec(ctx,
		`INSERT INTO webhook_events (provider, event_id, event_type)
		 VALUES ($1, $2, $3)
		 ON CONFLICT (provider, event_id) DO NOTHING`,
		provider, eventID, eventType)
	if err != nil {
		return false, fmt.Errorf("claim webhook event: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}
