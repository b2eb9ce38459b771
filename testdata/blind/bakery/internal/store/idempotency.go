package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"
)

// Idempotency stores client Idempotency-Key headers per API scope.
type Idempotency struct{}

// NewIdempotency builds the repository.
func NewIdempotency() *Idempotency { return &Idempotency{} }

// IdempotencyRecord is a stored key.
type IdempotencyRecord struct {
	Scope          string     `db:"scope"`
	Key            string     `db:"key"`
	RequestHash    string     `db:"request_hash"`
	ResourceID     *uuid.UUID `db:"resource_id"`
	ResponseStatus *int       `db:"response_status"`
	ResponseBody   []byte     `db:"response_body"`
}

// Claim inserts the key. It returns false if the key was already present.
func (r *Idempotency) Claim(ctx context.Context, q Q, scope, key, hash string) (bool, error) {
	n, err := namedExec(ctx, q, `
INSERT INTO idempotency_keys (scope, key, request_hash) VALUES (:scope, :key, :hash)
ON CONFLICT (scope, key) DO NOTHING`, map[string]any{"scope": scope, "key": key, "hash": hash})
	return n == 1, err
}

// Get returns the stored record, or nil when the key is unknown.
func (r *Idempotency) Get(ctx context.Context, q Q, scope, key string) (*IdempotencyRecord, error) {
	rec, err := namedGet[IdempotencyRecord](ctx, q, `
SELECT scope, key, request_hash, resource_id, response_status, response_body
FROM idempotency_keys WHERE scope = :scope AND key = :key`, map[string]any{"scope": scope, "key": key})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

// SetResource links the key to the resource it created.
func (r *Idempotency) SetResource(ctx context.Context, q Q, scope, key string, id uuid.UUID) error {
	_, err := namedExec(ctx, q, `
UPDATE idempotency_keys SET resource_id = :id WHERE scope = :scope AND key = :key`,
		map[string]any{"scope": scope, "key": key, "id": id})
	return err
}

// SaveResponse stores the response to replay for the key.
func (r *Idempotency) SaveResponse(ctx context.Context, q Q, scope, key, hash string, status int, body []byte) error {
	_, err := namedExec(ctx, q, `
INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body)
VALUES (:scope, :key, :hash, :status, :body)
ON CONFLICT (scope, key) DO UPDATE SET response_status = EXCLUDED.response_status,
	response_body = EXCLUDED.response_body`,
		map[string]any{"scope": scope, "key": key, "hash": hash, "status": status, "body": body})
	return err
}
