// Package postgres owns the pgx connection pool, transactions and schema
// migrations.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	_ "github.com/golang-migrate/migrate/v4/source/file"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/config"
	"github.com/spokechain/courierpay/internal/db"
)

// NewPool opens the pgx pool and closes it on shutdown.
func NewPool(lc fx.Lifecycle, cfg config.Config, log *slog.Logger) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("postgres: parse url: %w", err)
	}
	pcfg.MaxConns = 16
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: open pool: %w", err)
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := pool.Ping(ctx); err != nil {
				return fmt.Errorf("postgres: ping: %w", err)
			}
			log.Info("postgres connected", "max_conns", pcfg.MaxConns)
			return nil
		},
		OnStop: func(context.Context) error {
			pool.Close()
			return nil
		},
	})
	return pool, nil
}

// NewQueries returns sqlc queries bound to the pool (autocommit).
func NewQueries(pool *pgxpool.Pool) *db.Queries {
	return db.New(pool)
}

// Migrate applies pending golang-migrate migrations from cfg.MigrationsDir.
func Migrate(cfg config.Config, log *slog.Logger) error {
	if !cfg.RunMigrations {
		return nil
	}
	m, err := migrate.New("file://"+cfg.MigrationsDir, migrateURL(cfg.DatabaseURL))
	if err != nil {
		return fmt.Errorf("postgres: migrations: %w", err)
	}
	defer m.Close()
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("postgres: migrate up: %w", err)
	}
	v, dirty, _ := m.Version()
	log.Info("schema migrated", "version", v, "dirty", dirty)
	return nil
}

// The pgx/v5 migrate driver registers the pgx5 scheme.
func migrateURL(u string) string {
	for _, p := range []string{"postgres://", "postgresql://"} {
		if len(u) > len(p) && u[:len(p)] == p {
			return "pgx5://" + u[len(p):]
		}
	}
	return u
}

// Transactor runs a function inside a single database transaction.
type Transactor interface {
	WithinTx(ctx context.Context, fn func(q *db.Queries) error) error
}

type poolTransactor struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

// NewTransactor returns a Transactor over the pool.
func NewTransactor(pool *pgxpool.Pool, q *db.Queries) Transactor {
	return &poolTransactor{pool: pool, q: q}
}

func (t *poolTransactor) WithinTx(ctx context.Context, fn func(q *db.Queries) error) error {
	return pgx.BeginFunc(ctx, t.pool, func(tx pgx.Tx) error {
		return fn(t.q.WithTx(tx))
	})
}

// InTx is the value-returning form of Transactor.WithinTx.
func InTx[T any](ctx context.Context, t Transactor, fn func(q *db.Queries) (T, error)) (T, error) {
	var out T
	err := t.WithinTx(ctx, func(q *db.Queries) error {
		v, err := fn(q)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// Module wires the pool, queries and transactor, and runs migrations before
// anything else starts.
var Module = fx.Module("postgres",
	fx.Provide(NewPool, NewQueries, NewTransactor),
	fx.Invoke(Migrate),
)
