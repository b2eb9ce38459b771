// Command dispatchd runs the Quaymile dispatch service: the HTTP API, the
// Kafka consumers, the asynq workers and the settlement Temporal worker.
package main

import (
	"context"

	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/quaymile/dispatch/internal/assignment"
	"github.com/quaymile/dispatch/internal/carrier"
	"github.com/quaymile/dispatch/internal/cod"
	"github.com/quaymile/dispatch/internal/config"
	"github.com/quaymile/dispatch/internal/idempotency"
	"github.com/quaymile/dispatch/internal/notify"
	"github.com/quaymile/dispatch/internal/orders"
	"github.com/quaymile/dispatch/internal/payouts"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
	"github.com/quaymile/dispatch/internal/platform/kafkabus"
	"github.com/quaymile/dispatch/internal/platform/outbox"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
	"github.com/quaymile/dispatch/internal/platform/temporalx"
	"github.com/quaymile/dispatch/internal/pod"
	"github.com/quaymile/dispatch/internal/providers"
	"github.com/quaymile/dispatch/internal/reporting"
	"github.com/quaymile/dispatch/internal/settlement"
	"github.com/quaymile/dispatch/internal/tracking"
	"github.com/quaymile/dispatch/internal/webhooks"
	"github.com/quaymile/dispatch/migrations"
)

func main() {
	fx.New(options()).Run()
}

func options() fx.Option {
	return fx.Options(
		fx.Provide(
			config.Load,
			func() (*zap.Logger, error) { return zap.NewProduction() },
		),
		fx.WithLogger(func(log *zap.Logger) fxevent.Logger { return &fxevent.ZapLogger{Logger: log} }),

		// platform
		database.Module,
		httpserver.Module,
		kafkabus.Module,
		taskqueue.Module,
		temporalx.Module,
		outbox.Module,
		providers.Module,
		fx.Provide(idempotency.NewStore),
		fx.Invoke(func(lc fx.Lifecycle, db *sqlx.DB, log *zap.Logger) {
			lc.Append(fx.Hook{OnStart: func(ctx context.Context) error { return migrations.Apply(ctx, db, log) }})
		}),

		// features
		webhooks.Module,
		fx.Provide(
			fx.Annotate(func(p *webhooks.Publisher) *webhooks.Publisher { return p }, fx.As(new(orders.WebhookPublisher))),
			fx.Annotate(func(p *webhooks.Publisher) *webhooks.Publisher { return p }, fx.As(new(pod.WebhookPublisher))),
			fx.Annotate(func(r *assignment.Releaser) *assignment.Releaser { return r }, fx.As(new(pod.AssignmentCompleter))),
		),
		orders.Module,
		assignment.Module,
		pod.Module,
		cod.Module,
		notify.Module,
		carrier.Module,
		payouts.Module,
		settlement.Module,
		tracking.Module,
		reporting.Module,
	)
}
