// Package xwithdraw records withdrawals and posts their ledger entries
// through another package.
package xwithdraw

import (
	"context"
	"database/sql"

	"freshid/xledger"
)

// Request claims the caller's key in the transaction that posts the
// entry: a repeat finds the key claimed and posts nothing.
func Request(ctx context.Context, db *sql.DB, key, account string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	if err := xledger.Post(ctx, tx, account, -100); err != nil {
		return err
	}
	return tx.Commit()
}

// RequestLoose posts the entry with no claim: a repeat posts another.
func RequestLoose(ctx context.Context, db *sql.DB, account string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := xledger.Post(ctx, tx, account, -100); err != nil {
		return err
	}
	return tx.Commit()
}
