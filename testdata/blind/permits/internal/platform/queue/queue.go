// Package queue wires River: an insert-only client for producers and a
// working client for the worker binary.
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

	"github.com/civicworks/permits/internal/platform/config"
)

// Enqueuer inserts background jobs. EnqueueTx inserts in the caller's
// transaction so the job exists only if the transaction commits.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error)
	EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (bool, error)
}

type riverEnqueuer struct {
	client *river.Client[pgx.Tx]
}

// NewEnqueuer adapts a River client to Enqueuer. The bool result reports
// whether a new job was inserted (false when a unique job already existed).
func NewEnqueuer(client *river.Client[pgx.Tx]) Enqueuer {
	return &riverEnqueuer{client: client}
}

func (e *riverEnqueuer) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error) {
	res, err := e.client.Insert(ctx, args, opts)
	if err != nil {
		return false, fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return !res.UniqueSkippedAsDuplicate, nil
}

func (e *riverEnqueuer) EnqueueTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (bool, error) {
	res, err := e.client.InsertTx(ctx, tx, args, opts)
	if err != nil {
		return false, fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return !res.UniqueSkippedAsDuplicate, nil
}

// NewInsertOnlyClient builds a River client that can insert jobs but does
// not work them.
func NewInsertOnlyClient(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log.With("component", "river"),
	})
}

// ProducerModule provides an insert-only client and the Enqueuer.
var ProducerModule = fx.Module("queue-producer",
	fx.Provide(NewInsertOnlyClient, NewEnqueuer),
)

type workerParams struct {
	fx.In

	Lifecycle fx.Lifecycle
	Pool      *pgxpool.Pool
	Config    *config.Config
	Log       *slog.Logger
	Workers   *river.Workers
	Periodic  []*river.PeriodicJob `group:"periodic"`
}

// RunWorkers builds the working client once every worker is registered and
// ties it to the app lifecycle.
func RunWorkers(p workerParams) error {
	client, err := river.NewClient(riverpgxv5.New(p.Pool), &river.Config{
		Logger:       p.Log.With("component", "river"),
		Workers:      p.Workers,
		PeriodicJobs: p.Periodic,
		MaxAttempts:  12,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: p.Config.WorkerConcurrency},
			QueueNotify:        {MaxWorkers: 5},
			QueuePayments:      {MaxWorkers: 3},
		},
	})
	if err != nil {
		return fmt.Errorf("river client: %w", err)
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			// River's fetch loops outlive the start hook's context.
			return client.Start(context.Background())
		},
		OnStop: func(ctx context.Context) error {
			return client.Stop(ctx)
		},
	})
	return nil
}

// Queue names.
const (
	QueueNotify   = "notify"
	QueuePayments = "payments"
)
