// Package idempotency stores caller-supplied idempotency keys in the ledger.
// A claim joins the unit-of-work transaction carried by the context, if any.
package idempotency

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/harbourline/hotels/internal/platform/sqldb"
)

// Record is a stored key.
type Record struct {
	Scope      string
	Key        string
	ResourceID string
	Completed  bool
}

// Store claims and completes keys.
type Store interface {
	// Claim inserts (scope, key). fresh is false when the key already existed,
	// in which case rec describes the earlier request.
	Claim(ctx context.Context, scope, key string) (rec Record, fresh bool, err error)
	// Complete records the resource the request produced.
	Complete(ctx context.Context, scope, key, resourceID string) error
}

type pgStore struct{ db *sql.DB }

// NewStore returns a Postgres-backed Store.
func NewStore(db *sql.DB) Store { return &pgStore{db: db} }

func (s *pgStore) Claim(ctx context.Context, scope, key string) (Record, bool, error) {
	if key == "" {
		return Record{}, false, errors.New("idempotency: empty key")
	}
	conn := sqldb.Conn(ctx, s.db)
	res, err := conn.ExecContext(ctx,
		`INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2) ON CONFLICT (scope, key) DO NOTHING`,
		scope, key)
	if err != nil {
		return Record{}, false, fmt.Errorf("idempotency: claim: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return Record{Scope: scope, Key: key}, true, nil
	}
	var rec Record
	var completed sql.NullTime
	err = conn.QueryRowContext(ctx,
		`SELECT scope, key, resource_id, completed_at FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&rec.Scope, &rec.Key, &rec.ResourceID, &completed)
	if err != nil {
		return Record{}, false, fmt.Errorf("idempotency: load: %w", err)
	}
	rec.Completed = completed.Valid
	return rec, false, nil
}

func (s *pgStore) Complete(ctx context.Context, scope, key, resourceID string) error {
	_, err := sqldb.Conn(ctx, s.db).ExecContext(ctx,
		`UPDATE idempotency_keys SET resource_id = $3, completed_at = now() WHERE scope = $1 AND key = $2`,
		scope, key, resourceID)
	if err != nil {
		return fmt.Errorf("idempotency: complete: %w", err)
	}
	return nil
}
