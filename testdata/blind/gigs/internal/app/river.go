package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/gigbridge/escrow/internal/config"
	"github.com/gigbridge/escrow/internal/jobs"
	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
)

func newQueue(pool *pgxpool.Pool) (*queue.Client, error) { return queue.NewClient(pool) }

// workerParams collects the services the workers call.
type workerParams struct {
	fx.In

	Config     config.Config
	Pool       *pgxpool.Pool
	Milestones service.Milestones
	Work       service.Work
	Fees       service.Fees
	Disputes   service.Disputes
	Payouts    service.Payouts
	FX         service.FX
	Tax        service.Tax
	Recorder   *metrics.Recorder
	Now        func() time.Time
	Log        *slog.Logger
}

// newWorkerClient builds the River client that works jobs.
func newWorkerClient(lc fx.Lifecycle, p workerParams) (*river.Client[pgx.Tx], error) {
	workers := river.NewWorkers()
	regs := jobs.Workers(p.Milestones, p.Work, p.Fees, p.Disputes, p.Payouts, p.FX, p.Tax, p.Recorder, p.Now)
	if err := jobs.Register(workers, regs); err != nil {
		return nil, err
	}
	queues := make(map[string]river.QueueConfig, len(p.Config.RiverWorkers))
	for name, n := range p.Config.RiverWorkers {
		queues[name] = river.QueueConfig{MaxWorkers: n}
	}
	client, err := river.NewClient(riverpgxv5.New(p.Pool), &river.Config{
		Queues:       queues,
		Workers:      workers,
		PeriodicJobs: jobs.PeriodicJobs(),
		Logger:       p.Log.With("component", "river"),
		JobTimeout:   time.Minute,
	})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return client.Start(context.Background()) },
		OnStop:  func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return client, nil
}
