// Package db hands the repositories their handles: the pool as an Ext,
// or a transaction that a Runner begins.
package db

import (
	"context"
	"database/sql"
)

// Ext is what the repositories run on: the pool or a transaction.
type Ext interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Pool returns the pool as an Ext, for code that runs outside a
// transaction.
func Pool(pool *sql.DB) Ext { return pool }

// Runner runs functions in transactions.
type Runner struct{ pool *sql.DB }

// NewRunner returns a Runner on pool.
func NewRunner(pool *sql.DB) *Runner { return &Runner{pool: pool} }

// InTx runs fn in a transaction and commits when it succeeds.
func (r *Runner) InTx(ctx context.Context, fn func(q Ext) error) error {
	tx, err := r.pool.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Conn is what the desk's repositories run on.
type Conn interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// txKey is the context key of the transaction a CtxConn joins.
type txKey struct{}

// CtxConn runs each statement in the transaction of its context, when
// there is one, or else on the pool: which unit a statement commits in
// is decided call by call.
type CtxConn struct{ Pool *sql.DB }

// ExecContext runs query in the context's transaction or on the pool.
func (c CtxConn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx.ExecContext(ctx, query, args...)
	}
	return c.Pool.ExecContext(ctx, query, args...)
}
