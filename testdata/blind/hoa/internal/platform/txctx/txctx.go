// Package txctx carries the active database transaction in a context.
//
// Services open a unit of work with UnitOfWork.Do; repositories call From to
// pick up the transaction when one is active and fall back to the pool
// otherwise, so the same repository method works inside and outside a unit
// of work.
package txctx

import (
	"context"

	"github.com/jmoiron/sqlx"
)

type ctxKey struct{}

// With returns a copy of ctx carrying tx.
func With(ctx context.Context, tx *sqlx.Tx) context.Context {
	return context.WithValue(ctx, ctxKey{}, tx)
}

// From returns the transaction carried by ctx, if any.
func From(ctx context.Context) (*sqlx.Tx, bool) {
	tx, ok := ctx.Value(ctxKey{}).(*sqlx.Tx)
	return tx, ok && tx != nil
}

// UnitOfWork runs fn inside a single database transaction. The context passed
// to fn carries the transaction; fn's error rolls it back. Nested calls join
// the outer transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}
