package txn

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tidewater/loyalty/internal/db"
)

// UnitOfWork runs a function against a Querier bound to one transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, q db.Querier) error) error
}

type txKey struct{}

// PoolUnitOfWork implements UnitOfWork over a pgx pool. Nested calls reuse the
// transaction carried in the context.
type PoolUnitOfWork struct {
	pool *pgxpool.Pool
}

func NewPoolUnitOfWork(pool *pgxpool.Pool) *PoolUnitOfWork {
	return &PoolUnitOfWork{pool: pool}
}

func (u *PoolUnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, q db.Querier) error) error {
	if tx, ok := ctx.Value(txKey{}).(pgx.Tx); ok {
		return fn(ctx, db.New(tx))
	}
	return pgx.BeginFunc(ctx, u.pool, func(tx pgx.Tx) error {
		return fn(context.WithValue(ctx, txKey{}, tx), db.New(tx))
	})
}
