// Package dbctx carries a transaction in a context.
package dbctx

import (
	"context"

	"github.com/uptrace/bun"
)

type txKey struct{}

// WithTx returns a copy of ctx that carries tx.
func WithTx(ctx context.Context, tx bun.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Conn returns the transaction ctx carries, or else fallback.
func Conn(ctx context.Context, fallback bun.IDB) bun.IDB {
	if tx, ok := ctx.Value(txKey{}).(bun.Tx); ok {
		return tx
	}
	return fallback
}
