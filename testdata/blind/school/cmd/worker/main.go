// Command worker runs the river job workers.
package main

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/lingua/academy/internal/app"
	"github.com/lingua/academy/internal/config"
	"github.com/lingua/academy/internal/instalments"
	"github.com/lingua/academy/internal/jobs"
	"github.com/lingua/academy/internal/payroll"
	"github.com/lingua/academy/internal/refunds"
	"github.com/lingua/academy/internal/visa"
	"github.com/lingua/academy/internal/worker"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		app.Services,
		fx.Invoke(runWorkers),
	).Run()
}

type workerDeps struct {
	fx.In

	Lifecycle fx.Lifecycle
	Pool      *pgxpool.Pool
	Config    config.Config
	Log       *slog.Logger
	Collector *instalments.Collector
	Reminder  *instalments.Reminder
	Refunds   *refunds.Service
	Payroll   *payroll.Service
	Mailer    *payroll.PayslipMailer
	Visa      *visa.Service
}

func runWorkers(d workerDeps) error {
	workers := river.NewWorkers()
	worker.Register(workers, worker.Deps{
		Collector: d.Collector,
		Reminder:  d.Reminder,
		Refunds:   d.Refunds,
		Payroll:   d.Payroll,
		Mailer:    d.Mailer,
		Visa:      d.Visa,
		Log:       d.Log,
	})
	n := d.Config.WorkerConcurrency
	client, err := river.NewClient[pgx.Tx](riverpgxv5.New(d.Pool), &river.Config{
		Logger: d.Log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: n},
			jobs.QueuePayments: {MaxWorkers: n},
			jobs.QueueMessages: {MaxWorkers: n},
			jobs.QueuePayroll:  {MaxWorkers: 1},
		},
		Workers: workers,
	})
	if err != nil {
		return err
	}
	d.Lifecycle.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return client.Start(context.Background()) },
		OnStop:  func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return nil
}
