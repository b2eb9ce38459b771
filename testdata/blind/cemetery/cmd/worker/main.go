// Command worker runs the river job workers and the periodic batch jobs.
package main

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/app"
	"github.com/hollowpine-memorial/plotkeeper/internal/config"
	"github.com/hollowpine-memorial/plotkeeper/internal/worker"
)

func main() {
	fx.New(
		app.Base,
		app.Providers,
		app.Services,
		fx.Provide(
			worker.NewWorkers,
			newRiverClient,
		),
		fx.Invoke(func(*river.Client[pgx.Tx]) {}),
	).Run()
}

func newRiverClient(lc fx.Lifecycle, cfg config.Config, pool *pgxpool.Pool, workers *river.Workers, log *zap.Logger) (*river.Client[pgx.Tx], error) {
	driver := riverpgxv5.New(pool)
	client, err := river.NewClient(driver, &river.Config{
		Queues:       worker.Queues(cfg),
		Workers:      workers,
		PeriodicJobs: worker.PeriodicJobs(cfg),
		MaxAttempts:  10,
	})
	if err != nil {
		return nil, fmt.Errorf("river client: %w", err)
	}

	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			migrator, err := rivermigrate.New(driver, nil)
			if err != nil {
				return err
			}
			res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
			if err != nil {
				return fmt.Errorf("river migrate: %w", err)
			}
			log.Info("river schema ready", zap.Int("applied", len(res.Versions)))
			// Start's context governs the client's lifetime; fx's start
			// context is cancelled once startup completes.
			return client.Start(context.WithoutCancel(ctx))
		},
		OnStop: func(ctx context.Context) error {
			return client.Stop(ctx)
		},
	})
	return client, nil
}
