package repo

import (
	"context"
	"encoding/json"

	"github.com/keystone-pm/rent/internal/db"
)

// EventStore records inbound webhook events and consumed messages.
type EventStore interface {
	RecordWebhook(ctx context.Context, q db.Querier, eventID, eventType string, payload json.RawMessage) (bool, error)
	InboxSeen(ctx context.Context, q db.Querier, consumer, key string) (bool, error)
	InboxMark(ctx context.Context, q db.Querier, consumer, key string) error
}

type EventRepo struct{}

func NewEventRepo() *EventRepo { return &EventRepo{} }

// RecordWebhook stores the event and reports whether it was new.
func (r *EventRepo) RecordWebhook(ctx context.Context, q db.Querier, eventID, eventType string, payload json.RawMessage) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO webhook_events (provider_event_id, event_type, payload) VALUES ($1, $2, $3)
		ON CONFLICT (provider_event_id) DO NOTHING`, eventID, eventType, payload)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *EventRepo) InboxSeen(ctx context.Context, q db.Querier, consumer, key string) (bool, error) {
	var seen bool
	err := q.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM inbox_messages WHERE consumer = $1 AND message_key = $2)`,
		consumer, key).Scan(&seen)
	return seen, err
}

func (r *EventRepo) InboxMark(ctx context.Context, q db.Querier, consumer, key string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO inbox_messages (consumer, message_key) VALUES ($1, $2)
		ON CONFLICT (consumer, message_key) DO NOTHING`, consumer, key)
	return err
}
