package jobs

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/pantryco/fulfilment/internal/config"
)

// NewInsertClient builds the insert-only client.
func NewInsertClient(pool *pgxpool.Pool, log *slog.Logger) (InsertClient, error) {
	c, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
	if err != nil {
		return InsertClient{}, err
	}
	return InsertClient{Client: c}, nil
}

// WorkerClient runs the workers.
type WorkerClient struct {
	*river.Client[pgx.Tx]
}

// NewWorkerClient builds the worker client and ties it to the fx lifecycle.
func NewWorkerClient(lc fx.Lifecycle, pool *pgxpool.Pool, workers *river.Workers, cfg config.Config, log *slog.Logger) (WorkerClient, error) {
	c, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			queueDefault:  {MaxWorkers: cfg.RiverMaxWorkers},
			queuePayments: {MaxWorkers: 5},
			queueDispatch: {MaxWorkers: 5},
			queueNotify:   {MaxWorkers: 10},
			queuePartners: {MaxWorkers: 10},
		},
		Workers:      workers,
		PeriodicJobs: PeriodicJobs(),
	})
	if err != nil {
		return WorkerClient{}, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return c.Start(context.WithoutCancel(ctx)) },
		OnStop:  func(ctx context.Context) error { return c.Stop(ctx) },
	})
	return WorkerClient{Client: c}, nil
}
