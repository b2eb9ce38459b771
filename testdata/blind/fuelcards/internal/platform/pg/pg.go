// Package pg owns the Postgres pool and the transaction helpers the
// repositories are built on.
package pg

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/ridgeline-fleet/fuelcards/internal/config"
)

// DBTX is satisfied by *pgxpool.Pool and pgx.Tx so repositories can run
// either in autocommit mode or inside a transaction.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// UnitOfWork gives a service its repository, either bound to the pool or to
// a transaction. R is the service's own repository interface.
type UnitOfWork[R any] interface {
	// Q returns the repository bound to the pool; each call autocommits.
	Q() R
	// InTx runs fn in a transaction; it commits when fn returns nil.
	InTx(ctx context.Context, fn func(q R, tx pgx.Tx) error) error
}

// Runner is the pgxpool implementation of UnitOfWork.
type Runner[R any] struct {
	pool *pgxpool.Pool
	bind func(DBTX) R
}

// NewRunner builds a Runner that binds repositories with bind.
func NewRunner[R any](pool *pgxpool.Pool, bind func(DBTX) R) *Runner[R] {
	return &Runner[R]{pool: pool, bind: bind}
}

// Q implements UnitOfWork.
func (r *Runner[R]) Q() R { return r.bind(r.pool) }

// InTx implements UnitOfWork.
func (r *Runner[R]) InTx(ctx context.Context, fn func(q R, tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		return fn(r.bind(tx), tx)
	})
}

// NewPool opens the pool and ties its lifetime to the fx app.
func NewPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, fmt.Errorf("open pool: %w", err)
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return pool.Ping(ctx) },
		OnStop: func(context.Context) error {
			pool.Close()
			return nil
		},
	})
	return pool, nil
}

// Module provides *pgxpool.Pool.
var Module = fx.Module("pg", fx.Provide(NewPool))
