// Package pg implements the repo interfaces on Postgres via sqlx.
package pg

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/repo"
)

// notFound maps sql.ErrNoRows onto db.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return db.ErrNotFound
	}
	return err
}

// IdempotencyKeyRepo implements repo.IdempotencyKeys.
type IdempotencyKeyRepo struct{ q sqlx.ExtContext }

// NewIdempotencyKeyRepo builds the repository on any query runner.
func NewIdempotencyKeyRepo(q sqlx.ExtContext) *IdempotencyKeyRepo { return &IdempotencyKeyRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *IdempotencyKeyRepo) WithTx(tx *sqlx.Tx) repo.IdempotencyKeys {
	return &IdempotencyKeyRepo{q: tx}
}

// Claim records the key if it is new.
func (r *IdempotencyKeyRepo) Claim(ctx context.Context, scope, key, resourceID string) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, resource_id)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, resourceID)
	if err != nil {
		return false, fmt.Errorf("claim idempotency key: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// Lookup returns the resource id stored under the key.
func (r *IdempotencyKeyRepo) Lookup(ctx context.Context, scope, key string) (string, error) {
	var id string
	err := sqlx.GetContext(ctx, r.q, &id,
		`SELECT resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	return id, notFound(err)
}
