//go:build wireinject
// +build wireinject

package app

import (
	"context"

	"github.com/google/wire"

	"github.com/harbourline/hotels/internal/api"
	"github.com/harbourline/hotels/internal/commissions"
	"github.com/harbourline/hotels/internal/config"
	"github.com/harbourline/hotels/internal/folios"
	"github.com/harbourline/hotels/internal/guests"
	"github.com/harbourline/hotels/internal/idempotency"
	"github.com/harbourline/hotels/internal/inventory"
	"github.com/harbourline/hotels/internal/jobs"
	"github.com/harbourline/hotels/internal/outbox"
	"github.com/harbourline/hotels/internal/payments"
	"github.com/harbourline/hotels/internal/platform/redisx"
	"github.com/harbourline/hotels/internal/relocations"
	"github.com/harbourline/hotels/internal/reservations"
	"github.com/harbourline/hotels/internal/webhooks"
)

var platformSet = wire.NewSet(
	ProvideLogger,
	ProvideDB,
	ProvideUnitOfWork,
	ProvideBun,
	ProvideMetrics,
	ProvidePublisher,
)

var mongoSet = wire.NewSet(
	ProvideMongo,
	guests.NewProfileStore,
	guests.NewMessageLog,
	guests.NewAttemptLog,
)

var redisSet = wire.NewSet(
	ProvideRedis,
	ProvideRedisStore,
	wire.Bind(new(redisx.Deduper), new(*redisx.Store)),
	wire.Bind(new(redisx.Locker), new(*redisx.Store)),
)

var providerSet = wire.NewSet(
	ProvideGateway,
	ProvideOTA,
	ProvideSMS,
	ProvideMailer,
)

var ledgerSet = wire.NewSet(
	reservations.NewPostgresRepository,
	idempotency.NewStore,
	outbox.NewWriter,
	payments.NewRepository,
	folios.NewRepository,
	folios.NewService,
	commissions.NewRepository,
	relocations.NewRepository,
	inventory.NewRepository,
	inventory.NewService,
)

var temporalSet = wire.NewSet(
	ProvideTemporal,
	ProvideStarter,
)

// InitializeAPI builds the HTTP server.
func InitializeAPI(ctx context.Context, cfg config.Config) (*APIApp, func(), error) {
	wire.Build(
		platformSet, mongoSet, redisSet, providerSet, ledgerSet, temporalSet,
		ProvideReservationService,
		ProvidePaymentsService,
		ProvideStaffMessenger,
		ProvideRequester,
		api.NewReservationsAPI,
		api.NewPaymentsAPI,
		api.NewInventoryAPI,
		api.NewFoliosAPI,
		api.NewMessagesAPI,
		webhooks.NewOTAWebhooks,
		ProvideStripeWebhook,
		ProvideHandlers,
		ProvideServer,
		ProvideAPIApp,
	)
	return nil, nil, nil
}

// InitializeConsumer builds the AMQP consumer.
func InitializeConsumer(ctx context.Context, cfg config.Config) (*ConsumerApp, func(), error) {
	wire.Build(
		platformSet, mongoSet, providerSet, ledgerSet, temporalSet,
		ProvideReservationService,
		ProvideNotifier,
		inventory.NewPusher,
		ProvidePayer,
		guests.NewProfileSync,
		reservations.NewImporter,
		ProvideRouter,
		ProvideConsumer,
		outbox.NewRelay,
		ProvideConsumerApp,
	)
	return nil, nil, nil
}

// InitializeWorker builds the Temporal worker.
func InitializeWorker(ctx context.Context, cfg config.Config) (*WorkerApp, func(), error) {
	wire.Build(
		platformSet, providerSet, ledgerSet,
		ProvideTemporal,
		ProvideActivities,
		ProvideWorker,
		ProvideWorkerApp,
	)
	return nil, nil, nil
}

// InitializeScheduler builds the cron scheduler.
func InitializeScheduler(ctx context.Context, cfg config.Config) (*SchedulerApp, func(), error) {
	wire.Build(
		platformSet, redisSet, providerSet, ledgerSet,
		ProvideNoShowJob,
		jobs.NewHoldExpiryJob,
		ProvideCron,
		ProvideSchedulerApp,
	)
	return nil, nil, nil
}
