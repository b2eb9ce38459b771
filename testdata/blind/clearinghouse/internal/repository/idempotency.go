package repository

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// IdempotencyRecord is a stored response for a client-supplied key.
type IdempotencyRecord struct {
	Scope       string          `db:"scope"`
	Key         string          `db:"idem_key"`
	RequestHash string          `db:"request_hash"`
	StatusCode  int             `db:"status_code"`
	Response    json.RawMessage `db:"response"`
	CreatedAt   time.Time       `db:"created_at"`
}

// IdempotencyRepo stores request idempotency records.
type IdempotencyRepo struct{}

func NewIdempotencyRepo() *IdempotencyRepo { return &IdempotencyRepo{} }

// Get returns the record for (scope, key) or nil when none exists.
func (r *IdempotencyRepo) Get(ctx context.Context, q sqlx.ExtContext, scope, key string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := sqlx.GetContext(ctx, q, &rec, `
		SELECT scope, idem_key, request_hash, status_code, response, created_at
		FROM idempotency_keys WHERE scope = $1 AND idem_key = $2`, scope, key)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("get idempotency key: %w", err)
	}
	return &rec, nil
}

// Put stores rec. It reports false when a record for the key already exists.
func (r *IdempotencyRepo) Put(ctx context.Context, q sqlx.ExtContext, rec IdempotencyRecord) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, idem_key, request_hash, status_code, response)
		VALUES ($1,$2,$3,$4,$5)
		ON CONFLICT (scope, idem_key) DO NOTHING`,
		rec.Scope, rec.Key, rec.RequestHash, rec.StatusCode, jsonParam(rec.Response))
	if err != nil {
		return false, fmt.Errorf("put idempotency key: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
