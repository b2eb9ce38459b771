// Package pgdb runs work in transactions of pgx's, through helpers
// that hand the work on.
package pgdb

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Querier runs statements: the pool or a transaction.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// WithTx runs fn in a transaction and commits what it returns.
func WithTx[T any](ctx context.Context, db *pgxpool.Pool, fn func(q Querier) (T, error)) (T, error) {
	var out T
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		v, err := fn(tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// Tx is WithTx for work that returns only an error.
func Tx(ctx context.Context, db *pgxpool.Pool, fn func(q Querier) error) error {
	_, err := WithTx(ctx, db, func(q Querier) (struct{}, error) {
		return struct{}{}, fn(q)
	})
	return err
}
