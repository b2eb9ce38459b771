// Package txn runs work in a transaction of pgx's.
package txn

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

// With runs fn in a transaction and commits what it returns.
func With[T any](ctx context.Context, db *pgxpool.Pool, fn func(q Querier) (T, error)) (T, error) {
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
