// Package txutil runs work in a database transaction.
package txutil

import (
	"context"
	"database/sql"
)

// WithTx begins a transaction on db, runs fn in it and commits what it
// returns.
func WithTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}
