// Package store owns the connection pool and the transaction helper.
package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/docketly/efile/internal/store/db"
)

// Store pairs the pool with pool-bound Queries.
type Store struct {
	Pool *pgxpool.Pool
	*db.Queries
}

// New returns a Store.
func New(pool *pgxpool.Pool) *Store {
	return &Store{Pool: pool, Queries: db.New(pool)}
}

// TxFunc runs inside a transaction with Queries bound to it.
type TxFunc func(ctx context.Context, tx pgx.Tx, q *db.Queries) error

// InTx runs fn in a read-committed transaction, committing when fn returns
// nil and rolling back otherwise.
func (s *Store) InTx(ctx context.Context, fn TxFunc) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		return fn(ctx, tx, s.Queries.WithTx(tx))
	})
}

// Open connects and pings.
func Open(ctx context.Context, dsn string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}
