package pg

import (
	"context"

	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

// EventRepo implements store.Events.
type EventRepo struct{ base }

// NewEventRepo returns an EventRepo.
func NewEventRepo(db txm.DBTX) *EventRepo { return &EventRepo{base{db}} }

var _ store.Events = (*EventRepo)(nil)

// Claim implements store.Events.
func (r *EventRepo) Claim(ctx context.Context, eventID, eventType string) (bool, error) {
	tag, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Seen implements store.Events.
func (r *EventRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	var seen bool
	err := r.conn(ctx).QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`, eventID).Scan(&seen)
	return seen, err
}

// MarkSeen implements store.Events.
func (r *EventRepo) MarkSeen(ctx context.Context, eventID, eventType string) error {
	_, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return err
}

// LogDelivery implements store.Events.
func (r *EventRepo) LogDelivery(ctx context.Context, d store.WebhookDelivery) error {
	_, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO webhook_deliveries (id, provider, event_id, event_type, payload)
		VALUES ($1, $2, $3, $4, $5)`, d.ID, d.Provider, d.EventID, d.EventType, []byte(d.Payload))
	return err
}
