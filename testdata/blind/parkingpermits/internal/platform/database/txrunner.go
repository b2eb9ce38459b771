package database

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// TxRunner runs fn inside a transaction. The transaction travels in the
// context handed to fn; repositories pick it up through Conn.
type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// SQLTxRunner is the sqlx implementation of TxRunner.
type SQLTxRunner struct {
	db   *sqlx.DB
	opts *sql.TxOptions
}

// NewTxRunner returns a runner using read-committed transactions.
func NewTxRunner(db *sqlx.DB) *SQLTxRunner {
	return &SQLTxRunner{db: db, opts: &sql.TxOptions{Isolation: sql.LevelReadCommitted}}
}

// InTx joins a transaction already carried by ctx, otherwise it begins one,
// commits when fn returns nil and rolls back otherwise.
func (r *SQLTxRunner) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	tx, err := r.db.BeginTxx(ctx, r.opts)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
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
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}
