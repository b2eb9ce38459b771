// Package fxapp holds the fx modules shared by the binaries in cmd/.
package fxapp

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/config"
	"github.com/quillsign/esign/internal/store"
)

// DB provides *pgxpool.Pool, *store.DB, app.Database and the
// repositories in internal/store.
var DB = fx.Module("db",
	fx.Provide(
		newPool,
		store.NewDB,
		func(db *store.DB) app.Database { return db },
		fx.Annotate(store.NewIdempotencyStore, fx.As(new(app.IdempotencyStore))),
		fx.Annotate(store.NewProcessedEvents, fx.As(new(app.ProcessedEvents))),
		fx.Annotate(store.NewUsageRepo, fx.As(new(app.UsageRepo))),
	),
)

func newPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	pcfg.MaxConnLifetime = 30 * time.Minute
	pcfg.HealthCheckPeriod = 30 * time.Second

	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, err
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
