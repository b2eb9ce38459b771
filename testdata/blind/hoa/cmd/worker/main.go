// Command worker processes asynq background tasks.
package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"

	"github.com/larchway/hoaops/internal/app"
	"github.com/larchway/hoaops/internal/config"
	"github.com/larchway/hoaops/internal/tasks"
	"github.com/larchway/hoaops/internal/worker"
)

func newServer(lc fx.Lifecycle, cfg config.Config, mux *asynq.ServeMux, log *slog.Logger) *asynq.Server {
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: cfg.RedisAddr}, asynq.Config{
		Concurrency: 20,
		Queues: map[string]int{
			tasks.QueuePayments: 6,
			tasks.QueueNotices:  3,
			tasks.QueueDefault:  1,
		},
		RetryDelayFunc: func(n int, _ error, _ *asynq.Task) time.Duration {
			return time.Duration(1<<min(n, 10)) * 15 * time.Second
		},
		ShutdownTimeout: 25 * time.Second,
		Logger:          nil,
	})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			log.Info("asynq worker starting")
			return srv.Start(mux)
		},
		OnStop: func(context.Context) error {
			srv.Shutdown()
			return nil
		},
	})
	return srv
}

func main() {
	fx.New(
		app.Core,
		app.Repositories,
		app.Providers,
		app.Services,
		fx.Provide(
			worker.Table,
			worker.NewServeMux,
			newServer,
		),
		fx.Invoke(func(*asynq.Server) {}),
	).Run()
}
