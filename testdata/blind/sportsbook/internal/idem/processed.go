package idem

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// Processed is the processed_events table used by Kafka consumers.
type Processed struct {
	Consumer string
}

// NewProcessed returns a Processed store for the named consumer group.
func NewProcessed(consumer string) *Processed { return &Processed{Consumer: consumer} }

// Mark records eventID and reports whether this is its first processing.
func (p *Processed) Mark(ctx context.Context, q sqlx.ExecerContext, eventID string) (bool, error) {
	res, err := q.ExecContext(ctx, `
INSERT INTO processed_events (consumer, event_id)
VALUES ($1, $2)
ON CONFLICT (consumer, event_id) DO NOTHING`, p.Consumer, eventID)
	if err != nil {
		return false, fmt.Errorf("idem: mark %s: %w", eventID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// Seen reports whether eventID was already processed.
func (p *Processed) Seen(ctx context.Context, q sqlx.QueryerContext, eventID string) (bool, error) {
	var seen bool
	err := sqlx.GetContext(ctx, q, &seen, `
SELECT EXISTS (SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2)`, p.Consumer, eventID)
	if err != nil {
		return false, fmt.Errorf("idem: seen %s: %w", eventID, err)
	}
	return seen, nil
}
