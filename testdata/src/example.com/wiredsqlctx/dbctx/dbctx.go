// Package dbctx carries a transaction in a context, and chooses the
// handle statements run on: the context's transaction, or the database.
package dbctx

import (
	"context"
	"database/sql"

	"example.com/wiredsqlctx/rewardsdb"
)

type txKey struct{}

// DBTX is what the database and a transaction both run statements with.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Conn returns the context's transaction, or db.
func Conn(ctx context.Context, db *sql.DB) DBTX {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return db
}

// Work runs work with a context that carries its transaction.
type Work struct{ DB *sql.DB }

// WithinTx runs fn in one transaction.
func (w *Work) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit()
}

// Pool hands repositories the context's transaction, or the database.
type Pool struct{ db *sql.DB }

// NewPool returns the Pool of db.
func NewPool(db *sql.DB) *Pool { return &Pool{db: db} }

// DB returns the context's transaction, or the database.
func (p *Pool) DB(ctx context.Context) rewardsdb.DBTX {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return p.db
}

// Queries returns the rewards queries on DB(ctx).
func (p *Pool) Queries(ctx context.Context) *rewardsdb.Queries {
	return rewardsdb.New(p.DB(ctx))
}

// TxFrom returns the transaction ctx carries.
func TxFrom(ctx context.Context) (*sql.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sql.Tx)
	return tx, ok
}

// Querier is what a transaction and the database both answer.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// WithTx returns a context that carries tx.
func WithTx(ctx context.Context, tx *sql.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// ConnFromContext returns the connection of the transaction ctx
// carries, if it carries one.
func ConnFromContext(ctx context.Context) (Querier, bool) {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx, true
	}
	return nil, false
}

// InTx reports whether ctx carries a transaction.
func InTx(ctx context.Context) bool {
	_, ok := ctx.Value(txKey{}).(*sql.Tx)
	return ok
}

// Pick returns the context's transaction, or the executor it is given.
func Pick(ctx context.Context, db DBTX) DBTX {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return db
}
