package repo

import (
	"context"
	"database/sql"
	"errors"

	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// IdempotencyRecord is a stored API request key.
type IdempotencyRecord struct {
	Scope        string
	Key          string
	RequestHash  string
	ResourceID   string
	ResponseCode int
	ResponseBody []byte
}

// Completed reports whether a response has been stored for the key.
func (r *IdempotencyRecord) Completed() bool { return r.ResponseCode != 0 }

// IdempotencyKeys stores Idempotency-Key headers of API requests.
type IdempotencyKeys struct{}

// Claim inserts the key. It returns (nil, true) if this call claimed it, or the
// existing record and false if the key was already used.
func (IdempotencyKeys) Claim(ctx context.Context, q db.Querier, scope, key, hash string) (*IdempotencyRecord, bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, hash)
	if err != nil {
		return nil, false, err
	}
	if db.RowsAffected(res) == 1 {
		return nil, true, nil
	}
	rec, err := IdempotencyKeys{}.Get(ctx, q, scope, key)
	if err != nil {
		return nil, false, err
	}
	return rec, false, nil
}

// Get loads a stored key.
func (IdempotencyKeys) Get(ctx context.Context, q db.Querier, scope, key string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	var resID sql.NullString
	var code sql.NullInt64
	err := q.QueryRowContext(ctx, `
		SELECT scope, key, request_hash, resource_id, response_code, response_body
		FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).
		Scan(&rec.Scope, &rec.Key, &rec.RequestHash, &resID, &code, &rec.ResponseBody)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, db.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	rec.ResourceID, rec.ResponseCode = resID.String, int(code.Int64)
	return &rec, nil
}

// SetResource links a claimed key to the resource it created.
func (IdempotencyKeys) SetResource(ctx context.Context, q db.Querier, scope, key, resourceID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2`, scope, key, resourceID)
	return err
}

// Save stores the response sent for a key, creating the row if needed.
func (IdempotencyKeys) Save(ctx context.Context, q db.Querier, rec IdempotencyRecord) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, response_code, response_body)
		VALUES ($1, $2, $3, NULLIF($4, ''), $5, $6)
		ON CONFLICT (scope, key) DO UPDATE
		SET resource_id = EXCLUDED.resource_id,
		    response_code = EXCLUDED.response_code,
		    response_body = EXCLUDED.response_body`,
		rec.Scope, rec.Key, rec.RequestHash, rec.ResourceID, rec.ResponseCode, rec.ResponseBody)
	return err
}
