package repo

import (
	"context"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// Outbox stores domain events to be relayed to Kafka.
type Outbox struct{}

// Add writes an event. Events are unique by key, so writing the same event
// twice keeps the first.
func (Outbox) Add(ctx context.Context, q db.Querier, topic string, e domain.Event) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO outbox_events (id, event_key, topic, event_type, aggregate_id, payload, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (event_key) DO NOTHING`,
		e.ID, e.Key, topic, e.Type, e.AggregateID, []byte(e.Payload), e.OccurredAt)
	return err
}

// PendingEvent is an outbox row not yet published.
type PendingEvent struct {
	Topic string
	Event domain.Event
}

// Unpublished returns up to limit events in creation order.
func (Outbox) Unpublished(ctx context.Context, q db.Querier, limit int) ([]PendingEvent, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT id, event_key, topic, event_type, aggregate_id, payload, created_at
		FROM outbox_events WHERE published_at IS NULL
		ORDER BY created_at LIMIT $1
		FOR UPDATE SKIP LOCKED`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PendingEvent
	for rows.Next() {
		var p PendingEvent
		var payload []byte
		if err := rows.Scan(&p.Event.ID, &p.Event.Key, &p.Topic, &p.Event.Type,
			&p.Event.AggregateID, &payload, &p.Event.OccurredAt); err != nil {
			return nil, err
		}
		p.Event.Payload = payload
		out = append(out, p)
	}
	return out, rows.Err()
}

// MarkPublished stamps an event as relayed.
func (Outbox) MarkPublished(ctx context.Context, q db.Querier, id string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE outbox_events SET published_at = $2 WHERE id = $1`, id, at)
	return err
}

// Webhooks records provider webhook deliveries that have been handled.
type Webhooks struct{}

// Claim records a delivery; it reports false if the event was already handled.
func (Webhooks) Claim(ctx context.Context, q db.Querier, provider, eventID string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO processed_webhooks (provider, event_id) VALUES ($1, $2)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID)
	if err != nil {
		return false, err
	}
	return db.RowsAffected(res) == 1, nil
}

// Seen reports whether a delivery was handled before.
func (Webhooks) Seen(ctx context.Context, q db.Querier, provider, eventID string) (bool, error) {
	var exists bool
	err := q.QueryRowContext(ctx, `
		SELECT EXISTS (SELECT 1 FROM processed_webhooks WHERE provider = $1 AND event_id = $2)`,
		provider, eventID).Scan(&exists)
	return exists, err
}

// MarkSeen records a handled delivery.
func (Webhooks) MarkSeen(ctx context.Context, q db.Querier, provider, eventID string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO processed_webhooks (provider, event_id) VALUES ($1, $2)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID)
	return err
}
