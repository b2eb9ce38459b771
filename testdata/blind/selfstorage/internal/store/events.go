package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// EventStore records inbound webhook events and stored HTTP responses.
type EventStore struct {
	db *DB
}

func NewEventStore(db *DB) *EventStore { return &EventStore{db: db} }

// ClaimEvent records the event; false means it was recorded before.
func (s *EventStore) ClaimEvent(ctx context.Context, provider, eventID, eventType string) (bool, error) {
	tag, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO webhook_events (provider, event_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, eventType)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// EventSeen reports whether the event has been recorded.
func (s *EventStore) EventSeen(ctx context.Context, provider, eventID string) (bool, error) {
	var one int
	err := s.db.conn(ctx).QueryRow(ctx,
		`SELECT 1 FROM webhook_events WHERE provider = $1 AND event_id = $2`, provider, eventID).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// MarkEvent records the event as handled.
func (s *EventStore) MarkEvent(ctx context.Context, provider, eventID, eventType string) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO webhook_events (provider, event_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, eventType)
	return err
}

// StoredResponse is a response saved under an Idempotency-Key.
type StoredResponse struct {
	Status int
	Body   []byte
}

func (s *EventStore) LoadResponse(ctx context.Context, scope, key string) (*StoredResponse, error) {
	var r StoredResponse
	err := s.db.conn(ctx).QueryRow(ctx,
		`SELECT response_status, response_body FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&r.Status, &r.Body)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &r, nil
}

func (s *EventStore) SaveResponse(ctx context.Context, scope, key string, r StoredResponse) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, response_status, response_body)
		VALUES ($1, $2, $3, $4) ON CONFLICT (scope, key) DO NOTHING`, scope, key, r.Status, r.Body)
	return err
}
