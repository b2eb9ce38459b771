// Package db holds the small amount of shared plumbing every repository and
// service uses to talk to Postgres through sqlx.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"
)

// Beginner is satisfied by *sqlx.DB. Services depend on it instead of the
// concrete handle so they can be exercised against a fake.
type Beginner interface {
	BeginTxx(ctx context.Context, opts *sql.TxOptions) (*sqlx.Tx, error)
}

// Handle is what the container hands to repositories and services: something
// that can run queries directly and start transactions.
type Handle interface {
	sqlx.ExtContext
	Beginner
}

// RunInTx runs fn inside a single transaction. The transaction is committed
// when fn returns a nil error and rolled back otherwise (including on panic).
func RunInTx[T any](ctx context.Context, b Beginner, fn func(tx *sqlx.Tx) (T, error)) (T, error) {
	var zero T
	tx, err := b.BeginTxx(ctx, nil)
	if err != nil {
		return zero, fmt.Errorf("begin tx: %w", err)
	}
	committed := false
	defer func() {
		if committed {
			return
		}
		if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
			slog.WarnContext(ctx, "rollback failed", "err", rbErr)
		}
	}()

	out, err := fn(tx)
	if err != nil {
		return zero, err
	}
	if err := tx.Commit(); err != nil {
		return zero, fmt.Errorf("commit tx: %w", err)
	}
	committed = true
	return out, nil
}

// Exec is a convenience for RunInTx when the unit of work returns nothing.
func Exec(ctx context.Context, b Beginner, fn func(tx *sqlx.Tx) error) error {
	_, err := RunInTx(ctx, b, func(tx *sqlx.Tx) (struct{}, error) {
		return struct{}{}, fn(tx)
	})
	return err
}
