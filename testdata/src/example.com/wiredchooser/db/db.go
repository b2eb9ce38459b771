// Package db runs work in a transaction it puts in the context, and
// gives the repositories the handle the context chooses.
package db

import (
	"context"
	"database/sql"
)

// Querier is what *sql.DB and *sql.Tx share.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type txKey struct{}

// WithTx returns a context that carries tx.
func WithTx(ctx context.Context, tx *sql.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// TxFrom returns the transaction ctx carries.
func TxFrom(ctx context.Context) (*sql.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sql.Tx)
	return tx, ok
}

// Runner runs functions in a transaction.
type Runner struct{ db *sql.DB }

// NewRunner returns a runner over db.
func NewRunner(db *sql.DB) *Runner { return &Runner{db: db} }

// Q returns the transaction in ctx, or the pool.
func (r *Runner) Q(ctx context.Context) Querier {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return r.db
}

// InTx runs fn in a transaction it puts in fn's context.
func (r *Runner) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(WithTx(ctx, tx)); err != nil {
		return err
	}
	return tx.Commit()
}
