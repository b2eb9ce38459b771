// Package tx runs functions inside a database transaction.
package tx

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/brightpay/lending/internal/db"
)

// Beginner is satisfied by *pgxpool.Pool and pgx.Tx (the latter starts a
// savepoint).
type Beginner interface {
	BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error)
}

// Run executes fn in a transaction and returns its result. The transaction
// is committed when fn returns a nil error and rolled back otherwise.
func Run[T any](ctx context.Context, b Beginner, fn func(ctx context.Context, q *db.Queries) (T, error)) (T, error) {
	return RunWith(ctx, b, pgx.TxOptions{}, fn)
}

// RunWith is Run with explicit transaction options.
func RunWith[T any](ctx context.Context, b Beginner, opts pgx.TxOptions, fn func(ctx context.Context, q *db.Queries) (T, error)) (T, error) {
	var zero T
	t, err := b.BeginTx(ctx, opts)
	if err != nil {
		return zero, fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if rbErr := t.Rollback(ctx); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
			_ = rbErr
		}
	}()
	out, err := fn(ctx, db.New(t))
	if err != nil {
		return zero, err
	}
	if err := t.Commit(ctx); err != nil {
		return zero, fmt.Errorf("commit: %w", err)
	}
	return out, nil
}

// Do is Run for functions without a result.
func Do(ctx context.Context, b Beginner, fn func(ctx context.Context, q *db.Queries) error) error {
	_, err := Run(ctx, b, func(ctx context.Context, q *db.Queries) (struct{}, error) {
		return struct{}{}, fn(ctx, q)
	})
	return err
}
