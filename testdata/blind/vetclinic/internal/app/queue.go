package app

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"go.uber.org/fx"

	"github.com/pawpath/vetclinic/internal/adapters/jobs"
	"github.com/pawpath/vetclinic/internal/adapters/queue"
	"github.com/pawpath/vetclinic/internal/core/jobargs"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/core/services"
	"github.com/pawpath/vetclinic/internal/platform/config"
)

// InsertOnlyQueue gives a process a River client that can enqueue jobs
// but does not work them.
var InsertOnlyQueue = fx.Module("queue.insert",
	fx.Provide(
		func(db *sqlx.DB, log *slog.Logger) (*river.Client[*sql.Tx], error) {
			return river.NewClient(riverdatabasesql.New(db.DB), &river.Config{Logger: log})
		},
		fx.Annotate(queue.NewRiverQueue, fx.As(new(ports.JobQueue))),
	),
)

// WorkerQueue runs River workers and the periodic schedule.
var WorkerQueue = fx.Module("queue.worker",
	fx.Provide(
		river.NewWorkers,
		newWorkerClient,
		fx.Annotate(queue.NewRiverQueue, fx.As(new(ports.JobQueue))),
		func(
			labs *services.LabService,
			refills *services.RefillService,
			reminders *services.ReminderService,
			loyalty *services.LoyaltyService,
			billing *services.BillingService,
			settlements *services.SettlementService,
		) jobs.Services {
			return jobs.Services{
				Labs: labs, Refills: refills, Reminders: reminders,
				Loyalty: loyalty, Billing: billing, Settlements: settlements,
			}
		},
	),
	fx.Invoke(jobs.Register),
)

func newWorkerClient(lc fx.Lifecycle, db *sqlx.DB, ws *river.Workers, cfg config.Config, log *slog.Logger) (*river.Client[*sql.Tx], error) {
	tz, err := time.LoadLocation("America/New_York")
	if err != nil {
		tz = time.UTC
	}
	client, err := river.NewClient(riverdatabasesql.New(db.DB), &river.Config{
		Queues: map[string]river.QueueConfig{
			jobargs.QueueDefault:   {MaxWorkers: cfg.WorkerConcurrency},
			jobargs.QueueMessaging: {MaxWorkers: cfg.WorkerConcurrency},
			jobargs.QueuePartners:  {MaxWorkers: 4},
			jobargs.QueueFinance:   {MaxWorkers: 1},
		},
		Workers:      ws,
		PeriodicJobs: jobs.Periodic(tz),
		JobTimeout:   cfg.JobTimeout,
		PollOnly:     true,
		Logger:       log,
	})
	if err != nil {
		return nil, err
	}
	runCtx, cancel := context.WithCancel(context.Background())
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return client.Start(runCtx) },
		OnStop: func(ctx context.Context) error {
			defer cancel()
			return client.Stop(ctx)
		},
	})
	return client, nil
}
