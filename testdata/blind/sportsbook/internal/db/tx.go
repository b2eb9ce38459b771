package db

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// TxFunc is the body of a transaction.
type TxFunc func(ctx context.Context, tx *sqlx.Tx) error

// Transactor runs functions inside a database transaction.
type Transactor interface {
	WithTx(ctx context.Context, fn TxFunc) error
}

// TxRunner is the default Transactor backed by a sqlx pool.
type TxRunner struct {
	DB        *sqlx.DB
	Isolation sql.IsolationLevel
}

// NewTxRunner returns a Transactor using READ COMMITTED.
func NewTxRunner(db *sqlx.DB) *TxRunner {
	return &TxRunner{DB: db, Isolation: sql.LevelReadCommitted}
}

// WithTx begins a transaction, runs fn and commits. A panic or an error from
// fn rolls the transaction back.
func (r *TxRunner) WithTx(ctx context.Context, fn TxFunc) (err error) {
	tx, err := r.DB.BeginTxx(ctx, &sql.TxOptions{Isolation: r.Isolation})
	if err != nil {
		return fmt.Errorf("db: begin: %w", err)
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
	if err = fn(ctx, tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("db: commit: %w", err)
	}
	return nil
}

// InTx is a generic convenience around WithTx for bodies that produce a value.
func InTx[T any](ctx context.Context, t Transactor, fn func(ctx context.Context, tx *sqlx.Tx) (T, error)) (T, error) {
	var out T
	err := t.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		v, err := fn(ctx, tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
