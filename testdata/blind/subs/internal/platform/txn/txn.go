// Package txn provides a small generic helper for running a unit of work
// inside a database transaction.
package txn

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// Options tweak the transaction Run opens.
type Options struct {
	Isolation sql.IsolationLevel
	ReadOnly  bool
}

// Run opens a transaction on db, calls fn with it and commits when fn
// returns a nil error. Any error (or panic) rolls the transaction back.
func Run[T any](ctx context.Context, db *sqlx.DB, fn func(tx *sqlx.Tx) (T, error)) (T, error) {
	return RunWith(ctx, db, Options{}, fn)
}

// RunWith is Run with explicit transaction options.
func RunWith[T any](ctx context.Context, db *sqlx.DB, opts Options, fn func(tx *sqlx.Tx) (T, error)) (res T, err error) {
	tx, err := db.BeginTxx(ctx, &sql.TxOptions{Isolation: opts.Isolation, ReadOnly: opts.ReadOnly})
	if err != nil {
		return res, fmt.Errorf("txn: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
				err = errors.Join(err, fmt.Errorf("txn: rollback: %w", rbErr))
			}
		}
	}()

	res, err = fn(tx)
	if err != nil {
		return res, err
	}
	if err = tx.Commit(); err != nil {
		return res, fmt.Errorf("txn: commit: %w", err)
	}
	return res, nil
}

// Do is Run for callers that only need the error.
func Do(ctx context.Context, db *sqlx.DB, fn func(tx *sqlx.Tx) error) error {
	_, err := Run(ctx, db, func(tx *sqlx.Tx) (struct{}, error) {
		return struct{}{}, fn(tx)
	})
	return err
}
