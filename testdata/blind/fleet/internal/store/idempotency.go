package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/acme/fleet/internal/platform/db"
)

type IdempotencyKeys struct{}

func NewIdempotencyKeys() *IdempotencyKeys { return &IdempotencyKeys{} }

func (IdempotencyKeys) Lookup(ctx context.Context, q db.Ext, scope, key string) (string, error) {
	var id string
	err := q.GetContext(ctx, &id, `SELECT resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// Save remembers which resource a key produced.
func (IdempotencyKeys) Save(ctx context.Context, q db.Ext, scope, key, resourceID string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, resource_id) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, resourceID)
	return err
}

// Reserve claims a key for the current transaction. It returns false when
// the key was already claimed by an earlier, committed request; a
// concurrent request with the same key waits for this transaction to end.
func (IdempotencyKeys) Reserve(ctx context.Context, q db.Ext, scope, key string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (IdempotencyKeys) Complete(ctx context.Context, q db.Ext, scope, key, resourceID string, response any) error {
	body, err := json.Marshal(response)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
		UPDATE idempotency_keys SET resource_id = $3, response = $4
		 WHERE scope = $1 AND key = $2`, scope, key, resourceID, string(body))
	return err
}

func (IdempotencyKeys) Response(ctx context.Context, q db.Ext, scope, key string) ([]byte, error) {
	var body []byte
	err := q.GetContext(ctx, &body, `SELECT coalesce(response, 'null'::jsonb) FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	return body, notFound(err, "idempotency key")
}
