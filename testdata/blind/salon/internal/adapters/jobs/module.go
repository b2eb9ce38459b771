package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"
	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/adapters/postgres"
	"github.com/velvetchair/salon/internal/config"
	"github.com/velvetchair/salon/internal/core/ports"
	"github.com/velvetchair/salon/internal/core/services"
)

// Module provides an insert-only river client and the JobScheduler port.
// Every binary that enqueues work includes it.
var Module = fx.Module("jobs",
	fx.Provide(
		NewInsertClient,
		fx.Annotate(NewScheduler, fx.As(new(ports.JobScheduler))),
	),
)

// NewInsertClient builds a river client that only inserts jobs.
func NewInsertClient(db *postgres.DB, log *slog.Logger) (*river.Client[*sql.Tx], error) {
	return river.NewClient(riverdatabasesql.New(db.DB.DB), &river.Config{
		Logger: log.With("component", "river"),
	})
}

// Registration adds one worker to the river worker bundle.
type Registration func(*river.Workers)

func register[T river.JobArgs](w river.Worker[T]) Registration {
	return func(ws *river.Workers) { river.AddWorker(ws, w) }
}

func worker[S any, T river.JobArgs](build func(S) river.Worker[T]) any {
	return fx.Annotate(
		func(svc S) Registration { return register(build(svc)) },
		fx.ResultTags(`group:"river.workers"`),
	)
}

// WorkerModule registers every worker and runs a river client that works
// the queues.
var WorkerModule = fx.Module("jobs.workers",
	fx.Provide(
		worker(func(s *services.MessagingService) river.Worker[ReminderArgs] { return &ReminderWorker{messaging: s} }),
		worker(func(s *services.MessagingService) river.Worker[MessageArgs] { return &MessageWorker{messaging: s} }),
		worker(func(s *services.PaymentService) river.Worker[NoShowChargeArgs] {
			return &NoShowChargeWorker{payments: s}
		}),
		worker(func(s *services.PaymentService) river.Worker[ReconcilePaymentArgs] {
			return &ReconcileWorker{payments: s}
		}),
		worker(func(s *services.VoucherService) river.Worker[VoucherDeliveryArgs] {
			return &VoucherDeliveryWorker{vouchers: s}
		}),
		worker(func(s *services.PayoutService) river.Worker[CommissionArgs] { return &CommissionWorker{payouts: s} }),
		worker(func(s *services.PayoutService) river.Worker[WeeklyPayoutArgs] { return &WeeklyPayoutWorker{payouts: s} }),
		worker(func(s *services.LoyaltyService) river.Worker[LoyaltyExpiryArgs] {
			return &LoyaltyExpiryWorker{loyalty: s}
		}),
	),
	fx.Invoke(runWorkers),
)

type workerParams struct {
	fx.In

	LC            fx.Lifecycle
	Cfg           config.Config
	Log           *slog.Logger
	DB            *postgres.DB
	Registrations []Registration `group:"river.workers"`
}

func runWorkers(p workerParams) error {
	workers := river.NewWorkers()
	for _, reg := range p.Registrations {
		reg(workers)
	}
	n := p.Cfg.WorkerConcurrency
	client, err := river.NewClient(riverdatabasesql.New(p.DB.DB.DB), &river.Config{
		Logger:   p.Log.With("component", "river"),
		PollOnly: true,
		Queues: map[string]river.QueueConfig{
			QueueDefault:   {MaxWorkers: n},
			QueueMessaging: {MaxWorkers: n},
			QueuePayments:  {MaxWorkers: max(1, n/2)},
			QueuePayouts:   {MaxWorkers: 2},
		},
		Workers:           workers,
		JobTimeout:        2 * time.Minute,
		FetchPollInterval: 2 * time.Second,
	})
	if err != nil {
		return fmt.Errorf("river worker client: %w", err)
	}
	p.LC.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return client.Start(context.WithoutCancel(ctx)) },
		OnStop:  func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return nil
}

// MigrateOnStart brings river's own tables up to date.
var MigrateOnStart = fx.Invoke(func(lc fx.Lifecycle, db *postgres.DB) {
	lc.Append(fx.Hook{OnStart: func(ctx context.Context) error {
		migrator, err := rivermigrate.New(riverdatabasesql.New(db.DB.DB), nil)
		if err != nil {
			return err
		}
		_, err = migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
		return err
	}})
})
