// Package store holds the database plumbing shared by the services: the
// connection pool, the unit of work and the transaction carried in the
// request context.
package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/harbourline-systems/pilotage/internal/db"
)

// UnitOfWork runs fn inside a database transaction. The transaction is
// also placed on the context handed to fn so that repositories resolved
// through Queries join it.
type UnitOfWork interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context, q *db.Queries) error) error
}

type txKey struct{}

type PgUnitOfWork struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

func NewUnitOfWork(pool *pgxpool.Pool) *PgUnitOfWork {
	return &PgUnitOfWork{pool: pool, q: db.New(pool)}
}

func (u *PgUnitOfWork) WithinTx(ctx context.Context, fn func(ctx context.Context, q *db.Queries) error) error {
	if tx, ok := TxFrom(ctx); ok {
		// Already inside a unit of work: join it rather than nesting.
		return fn(ctx, u.q.WithTx(tx))
	}

	tx, err := u.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("begin tx: %w", err)
	}
	defer func() {
		// Rollback after a successful commit is a no-op (ErrTxClosed).
		_ = tx.Rollback(context.WithoutCancel(ctx))
	}()

	if err := fn(context.WithValue(ctx, txKey{}, tx), u.q.WithTx(tx)); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// TxFrom returns the transaction carried by ctx, if any.
func TxFrom(ctx context.Context) (pgx.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(pgx.Tx)
	return tx, ok
}

// Queries returns base bound to the transaction in ctx when there is one,
// and base itself otherwise.
func Queries(ctx context.Context, base *db.Queries) *db.Queries {
	if tx, ok := TxFrom(ctx); ok {
		return base.WithTx(tx)
	}
	return base
}
