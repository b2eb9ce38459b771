package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/northvault/custody/internal/app"
	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/jobs"
	"github.com/northvault/custody/internal/ports"
)

type workerParams struct {
	fx.In

	UoW         ports.UnitOfWork
	Mailer      ports.Mailer
	Withdrawals *app.WithdrawalService
	Deposits    *app.DepositService
	Fiat        *app.FiatService
	Compliance  *app.ComplianceService
	Relay       *app.OutboxRelay
	Log         *slog.Logger
}

func NewWorkers(p workerParams) (*river.Workers, error) {
	ws := river.NewWorkers()
	regs := []func() error{
		func() error { return river.AddWorkerSafely(ws, &BroadcastWorker{withdrawals: p.Withdrawals}) },
		func() error { return river.AddWorkerSafely(ws, &SettleWorker{withdrawals: p.Withdrawals}) },
		func() error { return river.AddWorkerSafely(ws, &FiatChargeWorker{fiat: p.Fiat}) },
		func() error { return river.AddWorkerSafely(ws, &PayoutWorker{fiat: p.Fiat}) },
		func() error { return river.AddWorkerSafely(ws, &TravelRuleWorker{compliance: p.Compliance}) },
		func() error { return river.AddWorkerSafely(ws, &GasTopupWorker{deposits: p.Deposits}) },
		func() error { return river.AddWorkerSafely(ws, newDepositReceiptWorker(p.UoW, p.Mailer)) },
		func() error { return river.AddWorkerSafely(ws, &OutboxRelayWorker{relay: p.Relay, log: p.Log}) },
	}
	for _, reg := range regs {
		if err := reg(); err != nil {
			return nil, err
		}
	}
	return ws, nil
}

// NewRiverClient builds the working client. It is separate from the
// insert-only client used by the unit of work.
func NewRiverClient(lc fx.Lifecycle, pool *pgxpool.Pool, workers *river.Workers, cfg config.Config, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:     log.With("component", "river"),
		JobTimeout: time.Minute,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:   {MaxWorkers: cfg.WorkerConcurrency},
			jobs.QueueBroadcast:  {MaxWorkers: 4},
			jobs.QueueFiat:       {MaxWorkers: 4},
			jobs.QueueCompliance: {MaxWorkers: 4},
			jobs.QueueNotify:     {MaxWorkers: 8},
		},
		Workers: workers,
		PeriodicJobs: []*river.PeriodicJob{
			river.NewPeriodicJob(
				river.PeriodicInterval(2*time.Second),
				func() (river.JobArgs, *river.InsertOpts) { return jobs.OutboxRelay{}, nil },
				&river.PeriodicJobOpts{RunOnStart: true},
			),
		},
	})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return client.Start(context.Background()) },
		OnStop:  client.Stop,
	})
	return client, nil
}

var Module = fx.Module("worker",
	fx.Provide(
		app.NewOutboxRelay,
		NewWorkers,
		fx.Annotate(NewRiverClient, fx.ResultTags(`name:"worker"`)),
	),
	fx.Invoke(fx.Annotate(func(*river.Client[pgx.Tx]) {}, fx.ParamTags(`name:"worker"`))),
)
