// Package app assembles the fulfilment service with go.uber.org/fx.
package app

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/pantryco/fulfilment/db"
	"github.com/pantryco/fulfilment/internal/config"
	"github.com/pantryco/fulfilment/internal/platform/obs"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// Platform provides configuration, logging, metrics and Postgres.
var Platform = fx.Module("platform",
	fx.Provide(
		config.Load,
		obs.NewLogger,
		fx.Annotate(obs.NewExpvarMetrics, fx.As(new(obs.Metrics))),
		pg.NewPool,
		fx.Annotate(func(p *pgxpool.Pool) *pgxpool.Pool { return p }, fx.As(new(pg.DBTX))),
		fx.Annotate(pg.NewTxManager, fx.As(new(pg.TxManager))),
	),
	fx.Invoke(registerMigrations),
)

// registerMigrations applies the schema before anything else starts.
func registerMigrations(lc fx.Lifecycle, pool *pgxpool.Pool, log *slog.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			log.Info("applying migrations")
			return pg.Migrate(ctx, pool, db.Migrations)
		},
	})
}
