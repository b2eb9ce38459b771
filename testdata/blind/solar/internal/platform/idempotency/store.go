// Package idempotency stores client-supplied Idempotency-Key values and the
// resource each one produced.
package idempotency

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// Store persists keys in the idempotency_keys table.
type Store struct {
	db database.DBTX
}

// NewStore builds a Store.
func NewStore(db database.DBTX) *Store {
	return &Store{db: db}
}

// Claim records key for scope, pointing at resourceID. When the key was
// already claimed it returns the resource recorded by the first claim and
// claimed=false. Call it inside the transaction that creates the resource.
func (s *Store) Claim(ctx context.Context, scope, key string, resourceID uuid.UUID) (uuid.UUID, bool, error) {
	q := database.Executor(ctx, s.db)
	var got uuid.UUID
	err := q.QueryRowContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, resource_id)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING
		RETURNING resource_id`, scope, key, resourceID).Scan(&got)
	if err == nil {
		return got, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return uuid.Nil, false, fmt.Errorf("claim idempotency key: %w", err)
	}
	err = q.QueryRowContext(ctx, `
		SELECT resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&got)
	if err != nil {
		return uuid.Nil, false, fmt.Errorf("load idempotency key: %w", err)
	}
	return got, false, nil
}

// Lookup returns the resource stored for key, if any.
func (s *Store) Lookup(ctx context.Context, scope, key string) (uuid.UUID, bool, error) {
	var id uuid.UUID
	err := database.Executor(ctx, s.db).QueryRowContext(ctx, `
		SELECT resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return uuid.Nil, false, nil
	}
	if err != nil {
		return uuid.Nil, false, err
	}
	return id, true, nil
}

// Save stores key -> resourceID, keeping the first value on conflict.
func (s *Store) Save(ctx context.Context, scope, key string, resourceID uuid.UUID) error {
	_, err := database.Executor(ctx, s.db).ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, resource_id)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, resourceID)
	return err
}
