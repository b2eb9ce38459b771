package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
	"go.uber.org/fx"

	"github.com/veinline/plasmaops/internal/config"
)

// Inserter enqueues jobs. Services use InsertTx so a job is only visible
// once the transaction that motivated it commits.
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Registration adds one worker to the shared Workers bundle.
type Registration func(*river.Workers)

// Register wraps river.AddWorker for use in a Registration.
func Register[T river.JobArgs](w river.Worker[T]) Registration {
	return func(ws *river.Workers) { river.AddWorker(ws, w) }
}

// AsWorker annotates a constructor returning a Registration.
func AsWorker(f any) any {
	return fx.Annotate(f, fx.ResultTags(`group:"river_workers"`))
}

// AsPeriodic annotates a constructor returning a *river.PeriodicJob.
func AsPeriodic(f any) any {
	return fx.Annotate(f, fx.ResultTags(`group:"river_periodic"`))
}

// NewInserter returns an insert-only River client. It has no workers or
// queues, so services can depend on it without depending on the workers
// that in turn depend on services.
func NewInserter(pool *pgxpool.Pool, log *slog.Logger) (Inserter, error) {
	c, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
	if err != nil {
		return nil, fmt.Errorf("river inserter: %w", err)
	}
	return c, nil
}

type runnerParams struct {
	fx.In

	Lifecycle     fx.Lifecycle
	Pool          *pgxpool.Pool
	Config        config.Config
	Log           *slog.Logger
	Registrations []Registration       `group:"river_workers"`
	Periodic      []*river.PeriodicJob `group:"river_periodic"`
}

// Runner is the River client that works jobs.
type Runner struct {
	Client *river.Client[pgx.Tx]
}

// NewRunner builds the working client and ties it to the fx lifecycle.
func NewRunner(p runnerParams) (*Runner, error) {
	workers := river.NewWorkers()
	for _, reg := range p.Registrations {
		reg(workers)
	}
	max := p.Config.RiverMaxWorkers
	client, err := river.NewClient(riverpgxv5.New(p.Pool), &river.Config{
		Logger:       p.Log,
		Workers:      workers,
		PeriodicJobs: p.Periodic,
		Queues: map[string]river.QueueConfig{
			QueueDefault:      {MaxWorkers: max},
			QueuePayouts:      {MaxWorkers: 5},
			QueueLab:          {MaxWorkers: 5},
			QueueNotify:       {MaxWorkers: 10},
			QueueFractionator: {MaxWorkers: 2},
		},
		JobTimeout:                  2 * time.Minute,
		CompletedJobRetentionPeriod: 7 * 24 * time.Hour,
	})
	if err != nil {
		return nil, fmt.Errorf("river runner: %w", err)
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			// The client's fetch loops outlive the start hook's context.
			return client.Start(context.WithoutCancel(ctx))
		},
		OnStop: func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return &Runner{Client: client}, nil
}

// Module provides the inserter and starts the runner.
var Module = fx.Module("jobs",
	fx.Provide(NewInserter, NewRunner),
	fx.Invoke(func(*Runner) {}),
)
