// Package txctx carries a transaction in a context.
package txctx

import (
	"context"
	"database/sql"
)

type key struct{}

// Querier runs statements.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// With returns a context carrying tx.
func With(ctx context.Context, tx *sql.Tx) context.Context {
	return context.WithValue(ctx, key{}, tx)
}

// Q returns the transaction ctx carries, or db.
func Q(ctx context.Context, db *sql.DB) Querier {
	if tx, ok := ctx.Value(key{}).(*sql.Tx); ok && tx != nil {
		return tx
	}
	return db
}

// Work runs work in one transaction it carries in the context.
type Work struct{ DB *sql.DB }

func (w *Work) Do(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(With(ctx, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
