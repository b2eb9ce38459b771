package jobs

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/brightfund/crowdfund/internal/core/ports"
	"github.com/brightfund/crowdfund/internal/platform/config"
)

// NewInsertOnlyClient is used by processes that enqueue but do not work
// jobs (API, webhook receiver, cron).
func NewInsertOnlyClient(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}

// NewWorkers returns the empty registry; workers are added by
// RegisterWorkers before the client starts.
func NewWorkers() *river.Workers {
	return river.NewWorkers()
}

func NewWorkerClient(lc fx.Lifecycle, pool *pgxpool.Pool, workers *river.Workers, cfg config.Config, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	n := cfg.WorkerConcurrency
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:     {MaxWorkers: 2},
			ports.QueuePayments:    {MaxWorkers: n},
			ports.QueuePayouts:     {MaxWorkers: 2},
			ports.QueueFulfilment:  {MaxWorkers: n},
			ports.QueueMail:        {MaxWorkers: n * 2},
			ports.QueueMaintenance: {MaxWorkers: 1},
		},
		Workers:              workers,
		MaxAttempts:          12,
		RescueStuckJobsAfter: 0,
	})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			// The client outlives the start hook's context.
			return client.Start(context.Background())
		},
		OnStop: func(ctx context.Context) error {
			return client.Stop(ctx)
		},
	})
	return client, nil
}
