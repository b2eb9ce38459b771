package jobs

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/config"
	"github.com/quillsign/esign/internal/jobs/jobargs"
)

// InsertOnlyModule provides a River client that only enqueues jobs. It is
// used by the API and the cron binary.
var InsertOnlyModule = fx.Module("river-insert",
	fx.Provide(
		func(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
			return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
		},
		fx.Annotate(NewQueue, fx.As(new(app.JobQueue))),
	),
)

// workerRegistration adds one worker to the registry.
type workerRegistration func(*river.Workers)

func register[T river.JobArgs](w river.Worker[T]) workerRegistration {
	return func(ws *river.Workers) { river.AddWorker(ws, w) }
}

// WorkerModule provides and starts a River client that runs every worker.
var WorkerModule = fx.Module("river-worker",
	fx.Provide(
		NewLinks,
		NewInviteWorker,
		NewReminderWorker,
		NewChargeWorker,
		NewCompletedWorker,
		NewDeliverWorker,
		NewVoidNoticeWorker,
		func(db app.Database, usage app.UsageRepo, charger app.CardCharger, mailer app.Mailer, links Links, now app.Clock, log *slog.Logger) *InvoiceWorker {
			return NewInvoiceWorker(InvoiceWorkerDeps{DB: db, Usage: usage, Charger: charger, Mailer: mailer, Links: links, Now: now, Log: log})
		},
		newWorkers,
		newWorkerClient,
		fx.Annotate(NewQueue, fx.As(new(app.JobQueue))),
	),
	fx.Invoke(func(lc fx.Lifecycle, client *river.Client[pgx.Tx]) {
		lc.Append(fx.Hook{
			OnStart: func(ctx context.Context) error { return client.Start(context.WithoutCancel(ctx)) },
			OnStop:  func(ctx context.Context) error { return client.Stop(ctx) },
		})
	}),
)

type workerSet struct {
	fx.In

	Invite    *InviteWorker
	Reminder  *ReminderWorker
	Charge    *ChargeWorker
	Completed *CompletedWorker
	Deliver   *DeliverWorker
	Void      *VoidNoticeWorker
	Invoice   *InvoiceWorker
}

func newWorkers(ws workerSet) *river.Workers {
	workers := river.NewWorkers()
	for _, reg := range []workerRegistration{
		register(ws.Invite),
		register(ws.Reminder),
		register(ws.Charge),
		register(ws.Completed),
		register(ws.Deliver),
		register(ws.Void),
		register(ws.Invoice),
	} {
		reg(workers)
	}
	return workers
}

func newWorkerClient(pool *pgxpool.Pool, workers *river.Workers, cfg config.Config, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:     log,
		JobTimeout: cfg.JobTimeout,
		Workers:    workers,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:         {MaxWorkers: cfg.WorkerConcurrency},
			jobargs.QueueNotifications: {MaxWorkers: cfg.WorkerConcurrency},
			jobargs.QueueBilling:       {MaxWorkers: 5},
			jobargs.QueueDeliveries:    {MaxWorkers: cfg.WorkerConcurrency * 2},
		},
	})
}
