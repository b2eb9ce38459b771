// Package dbx wraps sqlx with a transaction runner that carries the open
// transaction in the context. Repositories call Conn to pick the transaction
// when one is running and the pool otherwise, so services decide the
// transaction boundaries without threading *sqlx.Tx through every call.
package dbx

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// Querier is what *sqlx.DB and *sqlx.Tx have in common.
type Querier interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error)
}

// TxRunner runs fn inside a transaction. Nested calls join the outer one.
type TxRunner interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type txKey struct{}

type txRunner struct {
	db   *sqlx.DB
	opts *sql.TxOptions
}

// NewTxRunner returns a TxRunner using read-committed transactions.
func NewTxRunner(db *sqlx.DB) TxRunner {
	return &txRunner{db: db, opts: &sql.TxOptions{Isolation: sql.LevelReadCommitted}}
}

func (r *txRunner) WithinTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}

	tx, err := r.db.BeginTxx(ctx, r.opts)
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()

	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil {
			return fmt.Errorf("%w (rollback: %v)", err, rbErr)
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit tx: %w", err)
	}
	return nil
}

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (*sqlx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(*sqlx.Tx)
	return tx, ok
}

// Conn returns the transaction in ctx or, outside a transaction, the pool.
func Conn(ctx context.Context, db *sqlx.DB) Querier {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return db
}
