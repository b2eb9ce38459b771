// Command worker runs the river job workers and the periodic batch jobs.
package main

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/kestrelvet/refillrx/internal/config"
	"github.com/kestrelvet/refillrx/internal/controlled"
	"github.com/kestrelvet/refillrx/internal/fulfilment"
	"github.com/kestrelvet/refillrx/internal/jobs"
	"github.com/kestrelvet/refillrx/internal/notify"
	"github.com/kestrelvet/refillrx/internal/platform"
	"github.com/kestrelvet/refillrx/internal/refills"
	"github.com/kestrelvet/refillrx/internal/shipping"
	"github.com/kestrelvet/refillrx/internal/worker"
)

func main() {
	fx.New(
		platform.Module,
		fx.Provide(workerDeps),
		fx.Invoke(runRiver),
	).Run()
}

type depsIn struct {
	fx.In

	Picker     *fulfilment.Picker
	Shipping   *shipping.Service
	Reporter   *controlled.Reporter
	Dispatcher *notify.Dispatcher
	Reminders  *refills.Reminders
	StockCount *controlled.StockCount
	Refills    *refills.Service
}

func workerDeps(in depsIn) worker.Deps {
	return worker.Deps{
		Picker:     in.Picker,
		Shipper:    in.Shipping,
		Reporter:   in.Reporter,
		Deliverer:  in.Dispatcher,
		Reminders:  in.Reminders,
		StockCount: in.StockCount,
		Refills:    in.Refills,
	}
}

func runRiver(lc fx.Lifecycle, cfg config.Config, pool *pgxpool.Pool, deps worker.Deps, log *slog.Logger) error {
	workers := river.NewWorkers()
	worker.Register(workers, deps)

	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:   {MaxWorkers: 2},
			jobs.QueueFulfilment: {MaxWorkers: cfg.WorkerConcurrency},
			jobs.QueueCompliance: {MaxWorkers: 2},
			jobs.QueueNotify:     {MaxWorkers: cfg.WorkerConcurrency},
			jobs.QueueBatch:      {MaxWorkers: 1},
		},
		Workers:      workers,
		PeriodicJobs: worker.PeriodicJobs(),
	})
	if err != nil {
		return err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return client.Start(context.WithoutCancel(ctx)) },
		OnStop:  func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return nil
}
