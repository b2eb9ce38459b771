// Package dbctx carries a transaction in a context, and chooses the
// handle statements run on: the context's transaction, or the database.
package dbctx

import (
	"context"
	"database/sql"
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
