// Package txn defines the unit-of-work abstraction used by the services and
// carries the active transaction in a context so that collaborators (such as
// the job enqueuer) can join it.
package txn

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/acme/escrow/internal/db"
)

// UnitOfWork runs a function inside one database transaction. The context
// passed to fn carries the transaction; see From.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, q db.Querier) error) error
}

type txKey struct{}

// WithTx returns a copy of ctx carrying tx.
func WithTx(ctx context.Context, tx pgx.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// From returns the transaction carried by ctx, if any.
func From(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok && tx != nil
}

// Run is Do for functions that produce a value.
func Run[T any](ctx context.Context, uow UnitOfWork, fn func(ctx context.Context, q db.Querier) (T, error)) (T, error) {
	var out T
	err := uow.Do(ctx, func(ctx context.Context, q db.Querier) error {
		v, err := fn(ctx, q)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
