// Package jobs runs the River worker client inside the fx lifecycle.
package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/config"
	"github.com/trustwell/settlements/internal/jobs/args"
	"github.com/trustwell/settlements/internal/jobs/workers"
)

// Module provides and starts the worker client.
var Module = fx.Module("jobs",
	fx.Provide(workers.NewWorkers, NewClient),
	fx.Invoke(func(*river.Client[*sql.Tx]) {}),
)

// NewClient builds the River client that works jobs and schedules the
// periodic ones, and ties it to the fx lifecycle.
func NewClient(lc fx.Lifecycle, pool *sqlx.DB, w *river.Workers, cfg config.Config, log *zap.Logger) (*river.Client[*sql.Tx], error) {
	conc := cfg.WorkerConcurrency
	client, err := river.NewClient(riverdatabasesql.New(pool.DB), &river.Config{
		Logger: slog.Default(),
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: 2},
			args.QueuePayments: {MaxWorkers: conc},
			args.QueueChecks:   {MaxWorkers: 2},
			args.QueueNotices:  {MaxWorkers: conc},
			args.QueueLedger:   {MaxWorkers: 4},
			args.QueueEvents:   {MaxWorkers: conc},
		},
		Workers: w,
		PeriodicJobs: []*river.PeriodicJob{
			river.NewPeriodicJob(river.PeriodicInterval(cfg.PollInterval),
				func() (river.JobArgs, *river.InsertOpts) { return args.PollPayments{}, nil },
				&river.PeriodicJobOpts{RunOnStart: true}),
			river.NewPeriodicJob(river.PeriodicInterval(cfg.ReconcileInterval),
				func() (river.JobArgs, *river.InsertOpts) { return args.ReconcileTrust{}, nil },
				nil),
		},
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: new client: %w", err)
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			log.Info("starting river workers")
			return client.Start(context.WithoutCancel(ctx))
		},
		OnStop: func(ctx context.Context) error {
			return client.Stop(ctx)
		},
	})
	return client, nil
}
