package db

import (
	"context"
	"database/sql"
	"fmt"
)

type txKey struct{}

// WithTx returns a context that carries tx.
func WithTx(ctx context.Context, tx *sql.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (*sql.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sql.Tx)
	return tx, ok
}

// TxRunner runs functions inside a database transaction. Services get their
// Querier from Q so that repository calls join the transaction when one is
// open and fall back to the pool otherwise.
type TxRunner struct {
	db   *sql.DB
	opts *sql.TxOptions
}

// NewTxRunner returns a runner over db.
func NewTxRunner(db *sql.DB) *TxRunner {
	return &TxRunner{db: db}
}

// WithIsolation returns a copy of the runner that opens transactions at the
// given isolation level.
func (r *TxRunner) WithIsolation(level sql.IsolationLevel) *TxRunner {
	return &TxRunner{db: r.db, opts: &sql.TxOptions{Isolation: level}}
}

// Q returns the transaction in ctx, or the pool.
func (r *TxRunner) Q(ctx context.Context) Querier {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return r.db
}

// DB returns the underlying pool.
func (r *TxRunner) DB() *sql.DB { return r.db }

// InTx runs fn in a transaction. If ctx already carries one, fn joins it and
// the outer caller decides whether to commit.
func (r *TxRunner) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := r.db.BeginTx(ctx, r.opts)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(WithTx(ctx, tx)); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit tx: %w", err)
	}
	return nil
}

// InTxResult is InTx for functions that produce a value.
func InTxResult[T any](ctx context.Context, r *TxRunner, fn func(ctx context.Context) (T, error)) (T, error) {
	var out T
	err := r.InTx(ctx, func(ctx context.Context) error {
		v, err := fn(ctx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
