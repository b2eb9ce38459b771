// Package app assembles the fx modules shared by the binaries.
package app

import (
	"context"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/api"
	"github.com/kindredgive/donations/internal/config"
	"github.com/kindredgive/donations/internal/consumers/dedupe"
	"github.com/kindredgive/donations/internal/consumers/handlers"
	"github.com/kindredgive/donations/internal/consumers/routes"
	"github.com/kindredgive/donations/internal/jobs"
	"github.com/kindredgive/donations/internal/outbox"
	"github.com/kindredgive/donations/internal/platform/database"
	"github.com/kindredgive/donations/internal/platform/logging"
	"github.com/kindredgive/donations/internal/platform/rabbit"
	"github.com/kindredgive/donations/internal/providers/bank"
	"github.com/kindredgive/donations/internal/providers/charityhook"
	"github.com/kindredgive/donations/internal/providers/crm"
	"github.com/kindredgive/donations/internal/providers/mailer"
	"github.com/kindredgive/donations/internal/providers/partner"
	"github.com/kindredgive/donations/internal/providers/processor"
	"github.com/kindredgive/donations/internal/repository"
	"github.com/kindredgive/donations/internal/service/crmsync"
	"github.com/kindredgive/donations/internal/service/donations"
	"github.com/kindredgive/donations/internal/service/donors"
	"github.com/kindredgive/donations/internal/service/giftaid"
	"github.com/kindredgive/donations/internal/service/matching"
	"github.com/kindredgive/donations/internal/service/notify"
	"github.com/kindredgive/donations/internal/service/payouts"
	"github.com/kindredgive/donations/internal/service/receipts"
	"github.com/kindredgive/donations/internal/service/recurring"
	"github.com/kindredgive/donations/internal/service/refunds"
	"github.com/kindredgive/donations/internal/service/totals"
)

// Platform provides configuration, logging, the database and RabbitMQ.
var Platform = fx.Options(
	fx.Provide(config.Load),
	logging.Module,
	database.Module,
	fx.Provide(rabbit.NewConnection, rabbit.NewPublisher),
)

// Repositories provides every repository behind its interface.
var Repositories = fx.Module("repositories",
	fx.Provide(
		repository.NewTransactor,
		repository.NewDonationRepo,
		repository.NewIdempotencyRepo,
		repository.NewDonorRepo,
		repository.NewCharityRepo,
		repository.NewLedgerRepo,
		repository.NewRecurringRepo,
		repository.NewRefundRepo,
		repository.NewGiftAidRepo,
		repository.NewMatchingRepo,
		repository.NewPayoutRepo,
		repository.NewReceiptRepo,
		repository.NewEventRepo,
		repository.NewNotificationRepo,
		repository.NewInboxRepo,
		outbox.NewWriter,
		outbox.NewStore,
	),
)

// Providers provides the outbound API clients.
var Providers = fx.Module("providers",
	fx.Provide(
		processor.New,
		mailer.New,
		partner.New,
		crm.New,
		bank.New,
		charityhook.New,
	),
)

// Services provides the domain services.
var Services = fx.Module("services",
	fx.Provide(
		donations.New,
		donations.NewNotificationService,
		recurring.New,
		refunds.New,
		donors.New,
		giftaid.New,
		matching.New,
		payouts.New,
		receipts.New,
		crmsync.New,
		totals.New,
		notify.New,
	),
)

// HTTP wires the fiber API and starts it.
var HTTP = fx.Module("http",
	fx.Provide(
		api.NewDonationHandler,
		api.NewRecurringHandler,
		api.NewDonorHandler,
		api.NewMatchingHandler,
		api.NewPayoutHandler,
		api.NewWebhookHandler,
		api.NewApp,
	),
	fx.Invoke(api.Serve),
)

// Consumers wires the RabbitMQ dispatcher and starts it.
var Consumers = fx.Module("consumers",
	fx.Provide(
		dedupe.NewGuard,
		handlers.New,
		routes.Table,
		rabbit.NewDispatcher,
	),
	fx.Invoke(startDispatcher),
)

func startDispatcher(lc fx.Lifecycle, d *rabbit.Dispatcher, log *zap.Logger) {
	var cancel context.CancelFunc
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ctx, c := context.WithCancel(context.Background())
			cancel = c
			if err := d.Start(ctx); err != nil {
				c()
				return err
			}
			log.Info("consumers started")
			return nil
		},
		OnStop: func(context.Context) error {
			if cancel != nil {
				cancel()
			}
			return nil
		},
	})
}

// Scheduler wires the periodic jobs and starts them.
var Scheduler = fx.Module("scheduler",
	fx.Provide(jobs.All, jobs.NewRunner),
	fx.Invoke(func(r *jobs.Runner, lc fx.Lifecycle) { r.Start(lc) }),
)
