// Package pgdb provides the shared pgx connection pool.
package pgdb

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/northsound/ferrydesk/internal/config"
)

// Module provides *pgxpool.Pool and closes it on shutdown.
var Module = fx.Module("pgdb", fx.Provide(NewPool))

// NewPool opens the pool and checks connectivity before the app starts.
func NewPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("pgdb: parse DATABASE_URL: %w", err)
	}
	pcfg.MaxConnIdleTime = 5 * time.Minute
	pcfg.HealthCheckPeriod = 30 * time.Second
	pcfg.ConnConfig.RuntimeParams["application_name"] = "ferrydesk"

	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, fmt.Errorf("pgdb: open pool: %w", err)
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := pool.Ping(ctx); err != nil {
				return fmt.Errorf("pgdb: ping: %w", err)
			}
			return nil
		},
		OnStop: func(context.Context) error {
			pool.Close()
			return nil
		},
	})
	return pool, nil
}
