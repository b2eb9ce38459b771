package app

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/haulcore/wastehaul/internal/config"
	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/jobs/workers"
	"github.com/haulcore/wastehaul/internal/service/billing"
	"github.com/haulcore/wastehaul/internal/service/dispatch"
	disposalsvc "github.com/haulcore/wastehaul/internal/service/disposal"
	"github.com/haulcore/wastehaul/internal/service/pickups"
	"github.com/haulcore/wastehaul/internal/service/tickets"
	"github.com/haulcore/wastehaul/internal/service/tipping"
)

// InsertOnlyQueue provides a River client that can enqueue but not work
// jobs. Used by the API server and the scheduler.
var InsertOnlyQueue = fx.Module("queue.insert",
	fx.Provide(
		newInsertClient,
		asEnqueuer,
	),
)

// WorkerQueue provides a River client that works every registered job kind
// and starts it with the application.
var WorkerQueue = fx.Module("queue.worker",
	fx.Provide(
		newWorkers,
		newWorkerClient,
		asEnqueuer,
	),
	fx.Invoke(startWorkerClient),
)

func asEnqueuer(c *river.Client[pgx.Tx]) jobargs.Enqueuer { return c }

func newInsertClient(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log.With("component", "river"),
	})
}

type workerParams struct {
	fx.In

	Pickups  pickups.Service
	Dispatch dispatch.Service
	Billing  billing.Service
	Tickets  tickets.Service
	Tipping  tipping.Service
	Disposal disposalsvc.Service
	Log      *slog.Logger
}

func newWorkers(p workerParams) *river.Workers {
	return workers.New(workers.Deps{
		Pickups:  p.Pickups,
		Dispatch: p.Dispatch,
		Billing:  p.Billing,
		Tickets:  p.Tickets,
		Tipping:  p.Tipping,
		Disposal: p.Disposal,
		Log:      p.Log.With("component", "worker"),
	})
}

func newWorkerClient(pool *pgxpool.Pool, w *river.Workers, cfg config.Config, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	n := cfg.WorkerConcurrency
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:  log.With("component", "river"),
		Workers: w,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:    {MaxWorkers: 2},
			jobargs.QueueDispatch: {MaxWorkers: n},
			jobargs.QueueBilling:  {MaxWorkers: max(n/4, 1)},
			jobargs.QueueTickets:  {MaxWorkers: n},
			jobargs.QueueDisposal: {MaxWorkers: max(n/4, 1)},
			jobargs.QueueSchedule: {MaxWorkers: 1},
		},
	})
}

func startWorkerClient(lc fx.Lifecycle, c *river.Client[pgx.Tx]) {
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			return c.Start(context.WithoutCancel(ctx))
		},
		OnStop: func(ctx context.Context) error {
			return c.Stop(ctx)
		},
	})
}
