// Package db owns the Postgres connection pool, schema migrations and the
// transaction helper used by every repository.
package db

import (
	"context"
	"fmt"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/config"
)

// Module wires the pool, the transaction manager and startup migrations.
var Module = fx.Module("db",
	fx.Provide(
		Open,
		fx.Annotate(NewTxManager, fx.As(new(TxManager))),
	),
	fx.Invoke(RunMigrations),
)

// Open connects to Postgres through pgx's database/sql adapter.
func Open(lc fx.Lifecycle, cfg config.Config, log *zap.Logger) (*sqlx.DB, error) {
	pool, err := sqlx.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("db: open: %w", err)
	}
	pool.SetMaxOpenConns(cfg.MaxOpenConns)
	pool.SetMaxIdleConns(cfg.MaxOpenConns / 2)
	pool.SetConnMaxIdleTime(5 * time.Minute)

	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
			defer cancel()
			if err := pool.PingContext(pingCtx); err != nil {
				return fmt.Errorf("db: ping: %w", err)
			}
			log.Info("database connected")
			return nil
		},
		OnStop: func(context.Context) error {
			return pool.Close()
		},
	})
	return pool, nil
}
