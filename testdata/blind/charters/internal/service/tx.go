package service

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/saltline-charters/charterhub/internal/store"
)

// TxRunner runs fn inside one database transaction. fn receives a Querier
// bound to the transaction; returning an error rolls everything back.
type TxRunner interface {
	InTx(ctx context.Context, fn func(q store.Querier) error) error
}

// PgTx is the pgx implementation of TxRunner.
type PgTx struct {
	pool *pgxpool.Pool
	q    *store.Queries
}

func NewPgTx(pool *pgxpool.Pool, q *store.Queries) *PgTx {
	return &PgTx{pool: pool, q: q}
}

func (t *PgTx) InTx(ctx context.Context, fn func(q store.Querier) error) (err error) {
	tx, err := t.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback(ctx)
		}
	}()
	if err = fn(t.q.WithTx(tx)); err != nil {
		return err
	}
	if err = tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// InTxResult is InTx for closures that produce a value.
func InTxResult[T any](ctx context.Context, tx TxRunner, fn func(q store.Querier) (T, error)) (T, error) {
	var out T
	err := tx.InTx(ctx, func(q store.Querier) error {
		v, err := fn(q)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}
