// Command worker runs the River queues for purchasing, messaging, refunds
// and venue payouts.
package main

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/adapters/queue"
	"github.com/forkandfeast/catering/internal/adapters/queue/workers"
	"github.com/forkandfeast/catering/internal/app"
	"github.com/forkandfeast/catering/internal/config"
)

func newProcessingClient(lc fx.Lifecycle, pool *pgxpool.Pool, cfg config.Config, d workers.Deps, log *zap.Logger) (*river.Client[pgx.Tx], error) {
	w := river.NewWorkers()
	workers.RegisterQueueWorkers(w, d)
	n := cfg.WorkerConcurrency
	client, err := queue.NewClient(pool, queue.ClientConfig{
		Queues: map[string]river.QueueConfig{
			queue.QueueDefault:   {MaxWorkers: 2},
			queue.QueuePayments:  {MaxWorkers: max(2, n/4)},
			queue.QueueMessaging: {MaxWorkers: max(2, n/2)},
			queue.QueueSuppliers: {MaxWorkers: max(2, n/4)},
		},
		Workers: w,
		Logger:  app.SlogFrom(log),
	})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return client.Start(context.WithoutCancel(ctx)) },
		OnStop:  func(ctx context.Context) error { return client.Stop(ctx) },
	})
	return client, nil
}

func main() {
	fx.New(
		fx.Supply(app.ServiceName("catering-worker")),
		app.Base,
		app.Postgres,
		app.Providers,
		app.Queue,
		app.Services,
		fx.Provide(newProcessingClient),
		fx.Invoke(func(*river.Client[pgx.Tx]) {}),
	).Run()
}
