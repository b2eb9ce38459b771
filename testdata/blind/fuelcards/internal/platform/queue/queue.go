// Package queue builds the river clients used to enqueue and work jobs.
package queue

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/ridgeline-fleet/fuelcards/internal/config"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
)

// Client is the river client type used across the module.
type Client = river.Client[pgx.Tx]

// NewEnqueuer builds a client that can enqueue but does not work jobs. The
// services use it in every binary, including the worker, so that enqueuing
// does not depend on the worker registry.
func NewEnqueuer(pool *pgxpool.Pool, log *slog.Logger) (jobargs.Enqueuer, error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}

// NewWorkerClient builds a client that works the given workers, started and
// stopped with the fx app.
func NewWorkerClient(lc fx.Lifecycle, pool *pgxpool.Pool, workers *river.Workers, cfg config.Config, log *slog.Logger) (*Client, error) {
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:        {MaxWorkers: cfg.WorkerConcurrency},
			jobargs.QueueSettlement:   {MaxWorkers: 4},
			jobargs.QueuePayouts:      {MaxWorkers: 2},
			jobargs.QueueNotification: {MaxWorkers: 10},
		},
		Workers:     workers,
		MaxAttempts: 12,
		JobTimeout:  2 * time.Minute,
	})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			// The start context is cancelled when fx finishes starting, so the
			// client gets its own background context.
			return client.Start(context.Background())
		},
		OnStop: func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return client, nil
}
