// Package tx contains the small transaction helper used by every service that
// writes to Postgres through pgx.
package tx

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Beginner is satisfied by *pgxpool.Pool and *pgx.Conn.
type Beginner interface {
	BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error)
}

// Do runs fn inside a read-committed transaction and commits it when fn
// returns without error. Any error (or panic) rolls the transaction back.
func Do[T any](ctx context.Context, db Beginner, fn func(pgx.Tx) (T, error)) (out T, err error) {
	return DoWith(ctx, db, pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, fn)
}

// DoWith is Do with explicit transaction options.
func DoWith[T any](ctx context.Context, db Beginner, opts pgx.TxOptions, fn func(pgx.Tx) (T, error)) (out T, err error) {
	t, err := db.BeginTx(ctx, opts)
	if err != nil {
		return out, fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = t.Rollback(ctx)
			panic(p)
		}
		if err != nil {
			if rbErr := t.Rollback(ctx); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
				err = errors.Join(err, fmt.Errorf("rollback: %w", rbErr))
			}
		}
	}()

	out, err = fn(t)
	if err != nil {
		return out, err
	}
	if err = t.Commit(ctx); err != nil {
		return out, fmt.Errorf("commit tx: %w", err)
	}
	return out, nil
}

// Exec is Do for callbacks that produce no value.
func Exec(ctx context.Context, db Beginner, fn func(pgx.Tx) error) error {
	_, err := Do(ctx, db, func(t pgx.Tx) (struct{}, error) {
		return struct{}{}, fn(t)
	})
	return err
}
