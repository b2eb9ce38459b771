// Package store keeps keys and orders in PostgreSQL.
package store

import (
	"context"
	"database/sql"
)

// Keys claims keys in the caller's transaction.
type Keys struct{}

func (Keys) TryClaim(ctx context.Context, tx *sql.Tx, key string) (bool, error) {
	res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT (key) DO NOTHING", key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Orders inserts orders in the caller's transaction.
type Orders struct{}

func (Orders) Insert(ctx context.Context, tx *sql.Tx, id string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}
