package app

import (
	"github.com/google/wire"

	"github.com/hearthkit/commissary/internal/provider/cleaning"
	"github.com/hearthkit/commissary/internal/provider/mailer"
	"github.com/hearthkit/commissary/internal/provider/payments"
	"github.com/hearthkit/commissary/internal/provider/storage"
	"github.com/hearthkit/commissary/internal/service"
	"github.com/hearthkit/commissary/internal/tasks"
	"github.com/hearthkit/commissary/internal/worker"
)

// InfraSet provides the database, queue producer, metrics and logger.
var InfraSet = wire.NewSet(
	ProvideLogger,
	ProvideDB,
	ProvideStore,
	ProvideRedisOpt,
	ProvideAsynqClient,
	ProvideEnqueuer,
	wire.Bind(new(service.TaskQueue), new(*tasks.Enqueuer)),
	ProvideRegistry,
	ProvideRecorder,
)

// ProviderSet provides the external provider clients.
var ProviderSet = wire.NewSet(
	ProvidePayments,
	wire.Bind(new(service.Payments), new(*payments.Client)),
	ProvideCleaning,
	wire.Bind(new(service.CleaningCrew), new(*cleaning.Client)),
	ProvideMailer,
	wire.Bind(new(service.Mailer), new(*mailer.Client)),
	ProvideAWSConfig,
	ProvideS3,
	ProvideInspectionBucket,
	wire.Bind(new(service.ObjectStore), new(*storage.Bucket)),
)

// ServiceSet provides every service, decorated with metrics.
var ServiceSet = wire.NewSet(
	ProvideBookingConfig,
	ProvideDepositConfig,
	ProvideMeteringConfig,
	service.NewBookingService,
	service.NewDepositService,
	service.NewNotificationService,
	service.NewCleaningService,
	service.NewKitchenService,
	service.NewPayoutService,
	service.NewWebhookService,
	service.NewMeteringService,
	wire.Struct(new(service.Services), "*"),
	ProvideInstrumented,
)

// APISet builds the HTTP server.
var APISet = wire.NewSet(
	ProvideWebhookSecret,
	ProvideHandlers,
	ProvideServer,
)

// WorkerSet builds the task handlers.
var WorkerSet = wire.NewSet(
	worker.NewHandlers,
)
