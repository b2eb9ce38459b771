// Package store is the Postgres persistence layer. Repositories take a
// Querier so that callers can run them against the pool or inside a
// transaction started with InTx / WithTx.
package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/config"
)

// Querier is satisfied by *pgxpool.Pool, *pgxpool.Conn and pgx.Tx.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Beginner starts transactions.
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

// DB is the pool handle handed to services.
type DB interface {
	Querier
	Beginner
}

// NewPool opens the connection pool and closes it when the fx app stops.
func NewPool(lc fx.Lifecycle, cfg config.Config, log *zap.Logger) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("store: parse database url: %w", err)
	}
	pcfg.MaxConns = cfg.DBMaxConns
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, fmt.Errorf("store: open pool: %w", err)
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := pool.Ping(ctx); err != nil {
				return fmt.Errorf("store: ping: %w", err)
			}
			log.Info("database pool ready", zap.Int32("max_conns", pcfg.MaxConns))
			return nil
		},
		OnStop: func(context.Context) error {
			pool.Close()
			return nil
		},
	})
	return pool, nil
}

// InTx runs fn inside a transaction and returns its value. The transaction
// is committed when fn returns a nil error and rolled back otherwise.
func InTx[T any](ctx context.Context, db Beginner, fn func(tx pgx.Tx) (T, error)) (T, error) {
	var out T
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		v, err := fn(tx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// WithTx is InTx for functions that only return an error.
func WithTx(ctx context.Context, db Beginner, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, db, fn)
}

// collect scans every row with scan and closes rows.
func collect[T any](rows pgx.Rows, scan func(pgx.Row) (T, error)) ([]T, error) {
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
