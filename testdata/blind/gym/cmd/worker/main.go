// Command worker runs the asynq task processors.
package main

import (
	"context"
	"log/slog"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"

	"github.com/pulsefit/memberships/internal/access"
	"github.com/pulsefit/memberships/internal/billing"
	"github.com/pulsefit/memberships/internal/classes"
	"github.com/pulsefit/memberships/internal/config"
	"github.com/pulsefit/memberships/internal/idem"
	"github.com/pulsefit/memberships/internal/membership"
	"github.com/pulsefit/memberships/internal/notify"
	"github.com/pulsefit/memberships/internal/payouts"
	"github.com/pulsefit/memberships/internal/platform"
	"github.com/pulsefit/memberships/internal/tasks"
	"github.com/pulsefit/memberships/internal/training"
	"github.com/pulsefit/memberships/internal/worker"
)

func main() {
	fx.New(
		platform.Module,
		platform.Providers,
		fx.Provide(
			idem.NewStore,
			fx.Annotate(billing.NewService, fx.As(new(worker.Billing))),
			fx.Annotate(classes.NewService, fx.As(new(worker.Classes))),
			fx.Annotate(notify.NewService, fx.As(new(worker.Notifier))),
			training.NewLedger,
			fx.Annotate(training.NewService, fx.As(new(worker.Training))),
			fx.Annotate(payouts.NewService, fx.As(new(worker.Payouts))),
			fx.Annotate(access.NewService, fx.As(new(worker.Access))),
			fx.Annotate(membership.NewService, fx.As(new(worker.Freezes))),
			worker.Routes,
			worker.NewServeMux,
			newServer,
		),
		fx.Invoke(run),
	).Run()
}

func newServer(cfg config.Config, opt asynq.RedisClientOpt, log *slog.Logger) *asynq.Server {
	return asynq.NewServer(opt, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueNotify:   2,
		},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			retried, _ := asynq.GetRetryCount(ctx)
			maxRetry, _ := asynq.GetMaxRetry(ctx)
			if retried >= maxRetry {
				log.Error("task exhausted retries", "type", t.Type(), "err", err)
			}
		}),
	})
}

func run(lc fx.Lifecycle, srv *asynq.Server, mux *asynq.ServeMux) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return srv.Start(mux) },
		OnStop: func(context.Context) error {
			srv.Shutdown()
			return nil
		},
	})
}
