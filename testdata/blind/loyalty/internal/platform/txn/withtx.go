// Package txn holds the transaction helpers shared by the services.
package txn

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tidewater/loyalty/internal/db"
)

// Beginner is satisfied by *pgxpool.Pool and by pgx.Tx (nested savepoints).
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// WithTx runs fn inside a single database transaction. The transaction is
// committed when fn returns a nil error and rolled back otherwise.
func WithTx[T any](ctx context.Context, pool Beginner, fn func(q *db.Queries) (T, error)) (T, error) {
	var zero T

	tx, err := pool.Begin(ctx)
	if err != nil {
		return zero, fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if rbErr := tx.Rollback(ctx); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
			_ = rbErr // best effort; the original error wins
		}
	}()

	out, err := fn(db.New(tx))
	if err != nil {
		return zero, err
	}
	if err := tx.Commit(ctx); err != nil {
		return zero, fmt.Errorf("commit tx: %w", err)
	}
	return out, nil
}

// Exec is WithTx for closures that have nothing to return.
func Exec(ctx context.Context, pool Beginner, fn func(q *db.Queries) error) error {
	_, err := WithTx(ctx, pool, func(q *db.Queries) (struct{}, error) {
		return struct{}{}, fn(q)
	})
	return err
}
