package dbx

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jmoiron/sqlx"
)

type txKey struct{}

// TxManager runs a function inside a database transaction. The transaction is
// carried in the context so repositories pick it up through Conn.
type TxManager interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// SQLTxManager is the Postgres implementation of TxManager.
type SQLTxManager struct {
	db   *sqlx.DB
	opts *sql.TxOptions
}

// NewTxManager returns a TxManager using read-committed transactions.
func NewTxManager(db *sqlx.DB) *SQLTxManager {
	return &SQLTxManager{db: db, opts: &sql.TxOptions{Isolation: sql.LevelReadCommitted}}
}

// WithinTx begins a transaction, or joins the one already in ctx, and commits
// it when fn returns nil. Nested calls do not open savepoints: the outermost
// call owns the commit.
func (m *SQLTxManager) WithinTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := ctx.Value(txKey{}).(*sqlx.Tx); ok {
		return fn(ctx)
	}
	tx, err := m.db.BeginTxx(ctx, m.opts)
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
		if rbErr := tx.Rollback(); rbErr != nil && rbErr != sql.ErrTxDone {
			return fmt.Errorf("%w (rollback: %v)", err, rbErr)
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit tx: %w", err)
	}
	return nil
}

// Conn returns the transaction carried by ctx, or db when there is none.
func Conn(ctx context.Context, db *sqlx.DB) Querier {
	if tx, ok := ctx.Value(txKey{}).(*sqlx.Tx); ok {
		return tx
	}
	return db
}

// InTx reports whether ctx carries a transaction.
func InTx(ctx context.Context) bool {
	_, ok := ctx.Value(txKey{}).(*sqlx.Tx)
	return ok
}
