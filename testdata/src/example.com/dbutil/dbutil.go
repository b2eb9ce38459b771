// Package dbutil runs functions in transactions.
package dbutil

import (
	"context"
	"database/sql"
)

// WithTx runs fn in a transaction on db, which it commits when fn
// returns nil.
func WithTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
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

// Affected returns the rows a statement affected, or 0 when the driver
// cannot say.
func Affected(res sql.Result) int64 {
	n, err := res.RowsAffected()
	if err != nil {
		return 0
	}
	return n
}

// IsNoRows reports whether err says a statement returned no row.
func IsNoRows(err error) bool { return err == sql.ErrNoRows }
