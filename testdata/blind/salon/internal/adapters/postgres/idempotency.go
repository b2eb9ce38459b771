package postgres

import (
	"context"
	"encoding/json"

	"github.com/velvetchair/salon/internal/core/ports"
)

type IdempotencyStore struct{}

func NewIdempotencyStore() *IdempotencyStore { return &IdempotencyStore{} }

func (s *IdempotencyStore) Claim(ctx context.Context, q ports.Querier, scope, key, requestHash string) (*ports.IdempotencyRecord, bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return nil, false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil, true, nil
	}
	rec, err := get[ports.IdempotencyRecord](ctx, q, `
		SELECT scope, key, request_hash, resource_id, response_code, response_body, created_at
		  FROM idempotency_keys WHERE scope = $1 AND key = $2 FOR UPDATE`, scope, key)
	return rec, false, err
}

func (s *IdempotencyStore) Lookup(ctx context.Context, q ports.Querier, scope, key string) (*ports.IdempotencyRecord, error) {
	return get[ports.IdempotencyRecord](ctx, q, `
		SELECT scope, key, request_hash, resource_id, response_code, response_body, created_at
		  FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
}

func (s *IdempotencyStore) SetResource(ctx context.Context, q ports.Querier, scope, key, resourceID string) error {
	_, err := q.ExecContext(ctx,
		`UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2`, scope, key, resourceID)
	return err
}

// Complete stores the response for the key, inserting the row if the caller
// did not claim it first.
func (s *IdempotencyStore) Complete(ctx context.Context, q ports.Querier, scope, key string, code int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, response_code, response_body)
		VALUES ($1, $2, '', $3, $4)
		ON CONFLICT (scope, key) DO UPDATE
		   SET response_code = EXCLUDED.response_code, response_body = EXCLUDED.response_body`,
		scope, key, code, raw)
	return err
}
