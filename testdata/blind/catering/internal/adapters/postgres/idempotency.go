package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/ports"
)

// IdempotencyStore keeps client idempotency keys in idempotency_keys. It uses
// the ambient transaction when called inside WithinTx.
type IdempotencyStore struct{ db *DB }

func NewIdempotencyStore(db *DB) *IdempotencyStore { return &IdempotencyStore{db: db} }

func (s *IdempotencyStore) Claim(ctx context.Context, scope, key, hash string) (*ports.IdempotencyRecord, bool, error) {
	q := s.db.q(ctx)
	tag, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, hash)
	if err != nil {
		return nil, false, mapErr(err)
	}
	if tag.RowsAffected() == 1 {
		return nil, true, nil
	}
	rec, err := s.Lookup(ctx, scope, key)
	return rec, false, err
}

func (s *IdempotencyStore) Lookup(ctx context.Context, scope, key string) (*ports.IdempotencyRecord, error) {
	var (
		rec    ports.IdempotencyRecord
		status *int
	)
	err := s.db.q(ctx).QueryRow(ctx, `
		SELECT scope, key, request_hash, status_code, response, completed_at IS NOT NULL
		  FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).
		Scan(&rec.Scope, &rec.Key, &rec.RequestHash, &status, &rec.Response, &rec.Completed)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, mapErr(err)
	}
	if status != nil {
		rec.StatusCode = *status
	}
	return &rec, nil
}

func (s *IdempotencyStore) Complete(ctx context.Context, scope, key string, status int, body []byte) error {
	_, err := s.db.q(ctx).Exec(ctx, `
		UPDATE idempotency_keys
		   SET status_code = $3, response = $4, completed_at = now()
		 WHERE scope = $1 AND key = $2`, scope, key, status, body)
	return mapErr(err)
}

func (s *IdempotencyStore) Save(ctx context.Context, scope, key, hash string, status int, body []byte) error {
	_, err := s.db.q(ctx).Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, completed_at)
		VALUES ($1, $2, $3, $4, $5, now())
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, hash, status, body)
	return mapErr(err)
}

// WebhookEvents records processed provider event IDs.
type WebhookEvents struct{ db *DB }

func NewWebhookEvents(db *DB) *WebhookEvents { return &WebhookEvents{db: db} }

func (w *WebhookEvents) Seen(ctx context.Context, eventID string) (bool, error) {
	var seen bool
	err := w.db.q(ctx).QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM stripe_webhook_events WHERE event_id = $1)`, eventID).Scan(&seen)
	return seen, mapErr(err)
}

func (w *WebhookEvents) MarkProcessed(ctx context.Context, eventID, eventType string) error {
	_, err := w.db.q(ctx).Exec(ctx, `
		INSERT INTO stripe_webhook_events (event_id, type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return mapErr(err)
}
