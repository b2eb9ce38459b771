package store

import (
	"context"

	"github.com/jmoiron/sqlx"
)

type idempotencyRepo struct{ x sqlx.ExtContext }

// Claim inserts the key; it returns false if the key was already claimed.
func (r *idempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (bool, error) {
	n, err := exec(ctx, r.x, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	return n > 0, err
}

func (r *idempotencyRepo) Get(ctx context.Context, scope, key string) (*IdempotencyRecord, error) {
	return getOne[IdempotencyRecord](ctx, r.x, `
		SELECT scope, key, request_hash, resource_id, response_status, response_body
		FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
}

func (r *idempotencyRepo) Complete(ctx context.Context, scope, key, resourceID string, status int, body []byte) error {
	_, err := exec(ctx, r.x, `
		UPDATE idempotency_keys SET resource_id = $3, response_status = $4, response_body = $5
		WHERE scope = $1 AND key = $2`, scope, key, resourceID, status, body)
	return err
}

// Save stores a finished response for a key in one statement.
func (r *idempotencyRepo) Save(ctx context.Context, rec *IdempotencyRecord) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, response_status, response_body)
		VALUES (:scope, :key, :request_hash, :resource_id, :response_status, :response_body)
		ON CONFLICT (scope, key) DO UPDATE
		SET response_status = excluded.response_status, response_body = excluded.response_body`, rec)
	return err
}

type processedEventRepo struct{ x sqlx.ExtContext }

func (r *processedEventRepo) Seen(ctx context.Context, source, eventID string) (bool, error) {
	var ok bool
	err := sqlx.GetContext(ctx, r.x, &ok, `
		SELECT EXISTS (SELECT 1 FROM processed_events WHERE source = $1 AND event_id = $2)`, source, eventID)
	return ok, err
}

func (r *processedEventRepo) Record(ctx context.Context, source, eventID string) error {
	_, err := exec(ctx, r.x, `
		INSERT INTO processed_events (source, event_id) VALUES ($1, $2)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID)
	return err
}
