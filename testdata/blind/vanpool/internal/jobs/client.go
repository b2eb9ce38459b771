// Package jobs runs River: the client, its queues, the periodic schedule and
// the workers that call into the services.
package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"go.uber.org/fx"

	"github.com/pooltrack/vanpool/internal/config"
	"github.com/pooltrack/vanpool/internal/jobs/jobargs"
	"github.com/pooltrack/vanpool/internal/service"
)

// NewWorkers returns the empty worker bundle; RegisterWorkers fills it.
func NewWorkers() *river.Workers { return river.NewWorkers() }

// periodicJobs is the recurring schedule.
func periodicJobs(cfg *config.Config) []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(cfg.River.LeaseInterval),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobargs.LeaseInstallments{}, &river.InsertOpts{Queue: jobargs.QueuePayouts}
			},
			&river.PeriodicJobOpts{RunOnStart: true},
		),
		river.NewPeriodicJob(
			river.PeriodicInterval(cfg.River.CreditInterval),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobargs.CreditExpiry{}, nil
			},
			nil,
		),
	}
}

// NewClient builds the River client and ties Start/Stop to the fx lifecycle.
func NewClient(lc fx.Lifecycle, cfg *config.Config, pool *pgxpool.Pool, workers *river.Workers, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log.With("component", "river"),
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:     {MaxWorkers: cfg.River.DefaultWorkers},
			jobargs.QueuePayroll:   {MaxWorkers: cfg.River.PayrollWorkers},
			jobargs.QueueMessaging: {MaxWorkers: cfg.River.MessagingWorkers},
			jobargs.QueuePayouts:   {MaxWorkers: 2},
		},
		Workers:      workers,
		PeriodicJobs: periodicJobs(cfg),
	})
	if err != nil {
		return nil, fmt.Errorf("river: new client: %w", err)
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if cfg.MigrateOnBoot {
				migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
				if err != nil {
					return err
				}
				if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
					return fmt.Errorf("river: migrate: %w", err)
				}
			}
			// River keeps running on the context it is started with, so it
			// must outlive this hook's context.
			return client.Start(context.WithoutCancel(ctx))
		},
		OnStop: func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return client, nil
}

// Module wires River into the app. The client is also exposed to services as
// service.JobQueue.
var Module = fx.Module("jobs",
	fx.Provide(
		NewWorkers,
		NewClient,
		fx.Annotate(
			func(c *river.Client[pgx.Tx]) *river.Client[pgx.Tx] { return c },
			fx.As(new(service.JobQueue)),
		),
		NewFareRunFanoutWorker,
		NewPayrollDeductionWorker,
		NewPayrollAdjustmentWorker,
		NewReimbursementPayoutWorker,
		NewRideReminderWorker,
		NewLeaseInstallmentsWorker,
		NewCreditExpiryWorker,
	),
	fx.Invoke(RegisterWorkers),
)
