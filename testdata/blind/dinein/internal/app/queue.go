package app

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/config"
	"github.com/dinein/platform/internal/jobs"
	"github.com/dinein/platform/internal/queue"
)

// Queue provides an insert-only River client and the Enqueuer services use.
var Queue = fx.Provide(
	newInsertClient,
	fx.Annotate(queue.NewRiverEnqueuer, fx.As(new(queue.Enqueuer))),
)

func newInsertClient(pool *pgxpool.Pool) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{})
}

// Workers provides and runs the River client that works jobs.
var Workers = fx.Options(
	fx.Provide(
		jobs.NewWorkers,
		fx.Annotate(newWorkClient, fx.ResultTags(`name:"work"`)),
	),
	fx.Invoke(fx.Annotate(runWorkClient, fx.ParamTags(``, `name:"work"`, ``))),
)

func newWorkClient(pool *pgxpool.Pool, cfg config.Config, workers *river.Workers) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:  {MaxWorkers: 2},
			queue.QueuePayments: {MaxWorkers: cfg.WorkerConcurrency},
			queue.QueueDispatch: {MaxWorkers: cfg.WorkerConcurrency},
			queue.QueueNotify:   {MaxWorkers: cfg.WorkerConcurrency},
			queue.QueuePayouts:  {MaxWorkers: 2},
		},
		Workers:     workers,
		MaxAttempts: 20,
	})
}

func runWorkClient(lc fx.Lifecycle, client *river.Client[pgx.Tx], log *zap.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			log.Info("starting job workers")
			return client.Start(context.Background())
		},
		OnStop: func(ctx context.Context) error {
			return client.Stop(ctx)
		},
	})
}
