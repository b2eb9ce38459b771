package database

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
)

type txKey struct{}

// Runner starts transactions and hands them down through the context, so
// repositories that call Conn pick them up without an explicit argument.
type Runner struct {
	db *bun.DB
}

func NewRunner(db *bun.DB) *Runner { return &Runner{db: db} }

// InTx runs fn inside a transaction. A transaction already in ctx is reused.
func (r *Runner) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(bun.Tx); ok {
		return fn(ctx)
	}
	return r.db.RunInTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted}, func(ctx context.Context, tx bun.Tx) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// Conn returns the transaction carried by ctx, or fallback when there is none.
func Conn(ctx context.Context, fallback bun.IDB) bun.IDB {
	if tx, ok := ctx.Value(txKey{}).(bun.Tx); ok {
		return tx
	}
	return fallback
}
