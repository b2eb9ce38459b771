// Package xtx is a transaction helper in a package of its own.
package xtx

import (
	"context"
	"database/sql"
)

// WithTx runs fn in a transaction and commits it.
func WithTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// Once claims key in a transaction it begins and runs fn in that
// transaction, unless the key was claimed before.
func Once(ctx context.Context, db *sql.DB, key string, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}
