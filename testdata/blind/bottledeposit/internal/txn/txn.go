// Package txn runs store queries inside a single database transaction.
package txn

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pantloop/deposit/internal/store"
)

// Beginner is satisfied by *pgxpool.Pool and pgx.Tx (for nested savepoints).
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// Run executes fn in a transaction. The transaction is committed when fn
// returns nil and rolled back otherwise.
func Run(ctx context.Context, db Beginner, fn func(q *store.Queries) error) error {
	return RunTx(ctx, db, func(_ pgx.Tx, q *store.Queries) error {
		return fn(q)
	})
}

// RunTx is Run for callers that also need the raw transaction, for example
// to insert river jobs alongside their own writes.
func RunTx(ctx context.Context, db Beginner, fn func(tx pgx.Tx, q *store.Queries) error) (err error) {
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("txn: begin: %w", err)
	}
	defer func() {
		if err != nil {
			if rbErr := tx.Rollback(ctx); rbErr != nil && !errors.Is(rbErr, pgx.ErrTxClosed) {
				err = errors.Join(err, fmt.Errorf("txn: rollback: %w", rbErr))
			}
		}
	}()

	if err = fn(tx, store.New(tx)); err != nil {
		return err
	}
	if err = tx.Commit(ctx); err != nil {
		return fmt.Errorf("txn: commit: %w", err)
	}
	return nil
}

// Pool is the subset of *pgxpool.Pool the services depend on.
type Pool interface {
	Beginner
	store.DBTX
}

var _ Pool = (*pgxpool.Pool)(nil)
