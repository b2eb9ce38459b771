// Package db holds the Postgres plumbing shared by every repository: the pool,
// the Querier abstraction and the transaction runner.
package db

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/pooltrack/vanpool/internal/config"
)

// Querier is the subset of pgx shared by *pgxpool.Pool and pgx.Tx. Repositories
// take a Querier per call so the caller decides whether a statement runs on its
// own or inside a surrounding transaction.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// TxRunner runs fn inside a single database transaction, committing when fn
// returns nil and rolling back otherwise.
type TxRunner interface {
	InTx(ctx context.Context, fn func(tx pgx.Tx) error) error
}

// PoolTxRunner implements TxRunner on top of pgx.BeginFunc.
type PoolTxRunner struct {
	pool *pgxpool.Pool
}

// NewTxRunner returns a TxRunner bound to pool.
func NewTxRunner(pool *pgxpool.Pool) *PoolTxRunner {
	return &PoolTxRunner{pool: pool}
}

// InTx implements TxRunner.
func (r *PoolTxRunner) InTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, r.pool, fn)
}

// NewPool opens the pgx pool and ties its lifetime to the fx app.
func NewPool(lc fx.Lifecycle, cfg *config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("db: parse url: %w", err)
	}
	pcfg.MaxConns = 20
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, fmt.Errorf("db: open pool: %w", err)
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

// Module wires the pool, the Querier view of it and the TxRunner.
var Module = fx.Module("db",
	fx.Provide(
		NewPool,
		fx.Annotate(func(p *pgxpool.Pool) *pgxpool.Pool { return p }, fx.As(new(Querier))),
		fx.Annotate(NewTxRunner, fx.As(new(TxRunner))),
	),
	fx.Invoke(RunMigrations),
)

// ErrNotFound is returned by repositories when a lookup matches no row.
var ErrNotFound = errors.New("not found")

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// NotFound maps pgx.ErrNoRows to ErrNotFound and passes other errors through.
func NotFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}
