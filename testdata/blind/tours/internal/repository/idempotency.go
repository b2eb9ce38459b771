package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// IdempotencyRecord is a stored Idempotency-Key and, once the request has
// finished, its outcome.
type IdempotencyRecord struct {
	Scope          string     `db:"scope"`
	Key            string     `db:"key"`
	RequestHash    string     `db:"request_hash"`
	ResourceID     *string    `db:"resource_id"`
	ResponseStatus *int       `db:"response_status"`
	ResponseBody   []byte     `db:"response_body"`
	CreatedAt      time.Time  `db:"created_at"`
	CompletedAt    *time.Time `db:"completed_at"`
}

// Completed reports whether the stored request has an outcome.
func (r IdempotencyRecord) Completed() bool { return r.CompletedAt != nil }

// IdempotencyRepo stores client-supplied idempotency keys.
type IdempotencyRepo struct {
	db *db.DB
}

// NewIdempotencyRepo constructs an IdempotencyRepo.
func NewIdempotencyRepo(d *db.DB) *IdempotencyRepo { return &IdempotencyRepo{db: d} }

// Reserve claims a key. It reports false if the key is already stored.
func (r *IdempotencyRepo) Reserve(ctx context.Context, scope, key, requestHash string) (bool, error) {
	n, err := affected(r.db.Conn(ctx).ExecContext(ctx,
		`INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
		 ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash))
	if err != nil {
		return false, fmt.Errorf("idempotency_keys.reserve: %w", err)
	}
	return n == 1, nil
}

// Get loads a stored key, or nil if there is none.
func (r *IdempotencyRepo) Get(ctx context.Context, scope, key string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := r.db.Conn(ctx).GetContext(ctx, &rec,
		`SELECT scope, key, request_hash, resource_id, response_status, response_body, created_at, completed_at
		 FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	if db.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("idempotency_keys.get: %w", err)
	}
	return &rec, nil
}

// Complete stores the resource a reserved key produced.
func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key, resourceID string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE idempotency_keys SET resource_id = $3, completed_at = now() WHERE scope = $1 AND key = $2`,
		scope, key, resourceID)
	if err != nil {
		return fmt.Errorf("idempotency_keys.complete: %w", err)
	}
	return nil
}

// SaveResponse stores a finished request's response for replay.
func (r *IdempotencyRepo) SaveResponse(ctx context.Context, scope, key, requestHash string, status int, body []byte) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body, completed_at)
		 VALUES ($1, $2, $3, $4, $5, now())
		 ON CONFLICT (scope, key) DO UPDATE
		 SET response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body,
		     completed_at = EXCLUDED.completed_at`, scope, key, requestHash, status, body)
	if err != nil {
		return fmt.Errorf("idempotency_keys.save_response: %w", err)
	}
	return nil
}
