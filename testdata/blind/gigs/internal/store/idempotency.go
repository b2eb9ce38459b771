package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// IdempotencyKeys stores responses of RPCs keyed by the caller's
// idempotency key so a replay can return the original response.
type IdempotencyKeys struct {
	db *DB
}

func NewIdempotencyKeys(db *DB) *IdempotencyKeys { return &IdempotencyKeys{db: db} }

// Lookup returns the stored response for key, if any.
func (k *IdempotencyKeys) Lookup(ctx context.Context, key string) ([]byte, bool, error) {
	var body []byte
	err := k.db.Q().QueryRow(ctx, `SELECT response FROM idempotency_keys WHERE key = $1`, key).Scan(&body)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, wrap("idempotency.lookup", err)
	}
	return body, true, nil
}

// Save stores the response for key. The first response stored wins.
func (k *IdempotencyKeys) Save(ctx context.Context, key string, response []byte) error {
	_, err := k.db.Q().Exec(ctx, `
		INSERT INTO idempotency_keys (key, response) VALUES ($1, $2)
		ON CONFLICT (key) DO NOTHING`, key, response)
	return wrap("idempotency.save", err)
}

// WebhookEvents remembers provider events we have handled.
type WebhookEvents struct {
	db *DB
}

func NewWebhookEvents(db *DB) *WebhookEvents { return &WebhookEvents{db: db} }

// Seen reports whether the event was already recorded.
func (w *WebhookEvents) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var ok bool
	err := w.db.Q().QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM webhook_events WHERE provider = $1 AND event_id = $2)`, provider, eventID).Scan(&ok)
	return ok, wrap("webhook_events.seen", err)
}

// Record marks the event as handled.
func (w *WebhookEvents) Record(ctx context.Context, provider, eventID, eventType string) error {
	_, err := w.db.Q().Exec(ctx, `
		INSERT INTO webhook_events (provider, event_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, eventType)
	return wrap("webhook_events.record", err)
}

// Claim records the event inside the caller's transaction and reports
// whether this is the first time it was seen.
func (w *WebhookEvents) Claim(ctx context.Context, q Querier, provider, eventID, eventType string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO webhook_events (provider, event_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, eventType)
	if err != nil {
		return false, wrap("webhook_events.claim", err)
	}
	return tag.RowsAffected() == 1, nil
}
