// Package queue builds the river clients. Every binary gets an insert-only
// client for enqueueing (including inside store transactions); the worker
// binary additionally runs a working client with the registered workers.
package queue

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/northsound/ferrydesk/internal/config"
	"github.com/northsound/ferrydesk/internal/jobs"
)

// Module provides the insert-only *river.Client[pgx.Tx].
var Module = fx.Module("queue", fx.Provide(NewInserter))

// NewInserter returns a client that can insert jobs but never works them.
func NewInserter(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
	if err != nil {
		return nil, fmt.Errorf("queue: inserter: %w", err)
	}
	return client, nil
}

// WorkerParams are the inputs of NewWorkerClient.
type WorkerParams struct {
	fx.In

	Pool     *pgxpool.Pool
	Config   config.Config
	Log      *slog.Logger
	Workers  *river.Workers
	Periodic []*river.PeriodicJob `group:"periodic"`
}

// WorkerClient wraps the client that works jobs so fx can tell it apart from
// the inserter.
type WorkerClient struct {
	*river.Client[pgx.Tx]
}

// NewWorkerClient builds the working client and ties it to the lifecycle.
func NewWorkerClient(lc fx.Lifecycle, p WorkerParams) (WorkerClient, error) {
	n := p.Config.WorkerConcurrency
	client, err := river.NewClient(riverpgxv5.New(p.Pool), &river.Config{
		Logger: p.Log,
		Queues: map[string]river.QueueConfig{
			jobs.QueueDefault:  {MaxWorkers: n},
			jobs.QueuePayments: {MaxWorkers: max(n/4, 2)},
			jobs.QueueMessages: {MaxWorkers: n},
			jobs.QueuePort:     {MaxWorkers: 2},
		},
		Workers:      p.Workers,
		PeriodicJobs: p.Periodic,
	})
	if err != nil {
		return WorkerClient{}, fmt.Errorf("queue: worker client: %w", err)
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			// The start context ends when fx finishes starting; river needs
			// one that lives as long as the process.
			return client.Start(context.Background())
		},
		OnStop: func(ctx context.Context) error {
			return client.Stop(ctx)
		},
	})
	return WorkerClient{client}, nil
}
