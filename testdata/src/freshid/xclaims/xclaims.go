// Package xclaims is an sqlc-style store: its claim reads its row back,
// which a repeat finds missing, and returns the error that says so.
package xclaims

import (
	"context"
	"database/sql"
)

// A Key is a claimed idempotency key.
type Key struct{ Scope, Key string }

// Queries runs the statements.
type Queries struct{ db *sql.DB }

// New returns the queries on db.
func New(db *sql.DB) *Queries { return &Queries{db: db} }

// ClaimKey inserts the key, or nothing when it is there.
func (q *Queries) ClaimKey(ctx context.Context, scope, key string) (Key, error) {
	var k Key
	err := q.db.QueryRowContext(ctx, "INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING scope, key", scope, key).Scan(&k.Scope, &k.Key)
	return k, err
}

// InsertOrder inserts an order under the ID it is given.
func (q *Queries) InsertOrder(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}
