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
