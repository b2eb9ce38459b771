// Command worker runs the river job workers and the periodic schedule:
// notification delivery, installment sweeps, arrival reminders, the
// harbourmaster digest, the outbox relay and the nightly settlement export.
package main

import (
	"context"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-amqp/v3/pkg/amqp"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/config"
	"github.com/harbourline/marina/internal/jobs"
	"github.com/harbourline/marina/internal/platform"
	"github.com/harbourline/marina/internal/service/notify"
	"github.com/harbourline/marina/internal/service/seasonal"
	"github.com/harbourline/marina/internal/service/settlement"
	"github.com/harbourline/marina/internal/storage"
)

func main() {
	fx.New(
		platform.FxLogger(),
		platform.Core,
		platform.Providers,
		platform.Services,
		// Services enqueue through their own insert-only client; the working
		// client below is built from the services.
		platform.InsertOnlyQueue,
		fx.Provide(newPublisher),
		fx.Invoke(runWorkers),
	).Run()
}

func newPublisher(lc fx.Lifecycle, cfg *config.Config, logger watermill.LoggerAdapter) (message.Publisher, error) {
	pub, err := amqp.NewPublisher(amqp.NewDurablePubSubConfig(cfg.AMQPURL, nil), logger)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(pub.Close))
	return pub, nil
}

type workerParams struct {
	fx.In

	Lifecycle  fx.Lifecycle
	Pool       *pgxpool.Pool
	Config     *config.Config
	Store      storage.Store
	Publisher  message.Publisher
	Notify     *notify.Service
	Seasonal   *seasonal.Service
	Settlement *settlement.Service
	Log        *zap.Logger
}

func runWorkers(p workerParams) error {
	deps := jobs.Deps{
		Config:     p.Config,
		Store:      p.Store,
		Notify:     p.Notify,
		Seasonal:   p.Seasonal,
		Settlement: p.Settlement,
		Publisher:  p.Publisher,
		Log:        p.Log.Named("jobs"),
	}
	workers := river.NewWorkers()
	jobs.Register(workers, deps)

	client, err := river.NewClient(riverpgxv5.New(p.Pool), &river.Config{
		Queues:       jobs.Queues(p.Config),
		Workers:      workers,
		PeriodicJobs: jobs.Periodic(deps),
		Logger:       platform.Slog(p.Log),
	})
	if err != nil {
		return err
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			return client.Start(context.WithoutCancel(ctx))
		},
		OnStop: client.Stop,
	})
	return nil
}
