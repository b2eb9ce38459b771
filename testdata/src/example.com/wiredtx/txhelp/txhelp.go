// Package txhelp runs work in a transaction, as services write it.
package txhelp

import (
	"context"
	"database/sql"
)

// InTx runs fn in a transaction begun on db, and commits when fn
// succeeds.
func InTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
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
