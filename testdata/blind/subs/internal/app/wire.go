//go:build wireinject
// +build wireinject

package app

import (
	"context"

	"github.com/google/wire"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/config"
	"github.com/meterly/subs/internal/messaging/natsbus"
	"github.com/meterly/subs/internal/messaging/sqsq"
	"github.com/meterly/subs/internal/messaging/tasks"
	"github.com/meterly/subs/internal/provider/stripex"
	"github.com/meterly/subs/internal/provider/taxpartner"
	"github.com/meterly/subs/internal/provider/webhooksender"
	"github.com/meterly/subs/internal/service/credit"
	"github.com/meterly/subs/internal/service/dunning"
	"github.com/meterly/subs/internal/service/invoicing"
	"github.com/meterly/subs/internal/service/notify"
	"github.com/meterly/subs/internal/service/refund"
	"github.com/meterly/subs/internal/service/signup"
	"github.com/meterly/subs/internal/service/stripeevents"
	"github.com/meterly/subs/internal/service/subscription"
	"github.com/meterly/subs/internal/service/tax"
	"github.com/meterly/subs/internal/service/usage"
	"github.com/meterly/subs/internal/service/webhook"
	"github.com/meterly/subs/internal/storage/gormrepo"
	"github.com/meterly/subs/internal/storage/pg"
	"github.com/meterly/subs/internal/transport/consumers"
	"github.com/meterly/subs/internal/transport/grpcapi"
	"github.com/meterly/subs/internal/transport/httpapi"
	"github.com/meterly/subs/internal/transport/taskhandlers"
)

var storageSet = wire.NewSet(
	ProvideSQLX,
	wire.Bind(new(sqlx.ExtContext), new(*sqlx.DB)),
	pg.NewRepositories,
	wire.FieldsOf(new(*pg.Repositories),
		"Customers", "Subscriptions", "Invoices", "Payments", "Usage", "Ledger", "Outbox",
		"Idempotency", "Processed", "Dunning", "Receipts", "Webhooks", "StripeEvents", "Tax"),
	ProvideGorm,
	ProvidePlanRepo,
	gormrepo.NewUnitOfWork,
	credit.NewRepos,
)

var commonProviders = wire.NewSet(
	ProvideLogger,
	ProvideStripe,
	wire.Bind(new(invoicing.PaymentGateway), new(*stripex.Client)),
	ProvideTaxPartner,
	wire.Bind(new(tax.Partner), new(*taxpartner.Client)),
	ProvideMailer,
	ProvideWebhookSender,
	wire.Bind(new(webhook.Sender), new(*webhooksender.Sender)),
	ProvideRedisOpt,
	ProvideAsynqClient,
	wire.Bind(new(tasks.Enqueuer), new(*asynq.Client)),
	ProvideSQSClient,
	ProvideTaxQueue,
	wire.Bind(new(tax.Queue), new(*sqsq.Producer)),
)

var commonServices = wire.NewSet(
	credit.NewService,
	ProvideInvoicing,
	ProvideAlertChecker,
	wire.Bind(new(usage.ThresholdChecker), new(*usage.AlertChecker)),
	usage.NewService,
	webhook.NewService,
	tax.NewService,
)

var apiSet = wire.NewSet(
	storageSet,
	commonProviders,
	commonServices,

	wire.Bind(new(signup.CustomerGateway), new(*stripex.Client)),
	wire.Bind(new(refund.Gateway), new(*stripex.Client)),
	signup.NewService,
	subscription.NewService,
	refund.NewService,
	stripeevents.NewService,

	ProvideHTTPConfig,
	wire.Bind(new(httpapi.SignupService), new(*signup.Service)),
	wire.Bind(new(httpapi.SubscriptionService), new(*subscription.Service)),
	wire.Bind(new(httpapi.CreditService), new(*credit.Service)),
	wire.Bind(new(httpapi.InvoiceService), new(*invoicing.Service)),
	wire.Bind(new(httpapi.WebhookService), new(*webhook.Service)),
	wire.Bind(new(httpapi.StripeEventService), new(*stripeevents.Service)),
	ProvideHandlers,
	httpapi.NewServer,

	wire.Bind(new(grpcapi.InvoiceFinalizer), new(*invoicing.Service)),
	wire.Bind(new(grpcapi.Refunder), new(*refund.Service)),
	wire.Bind(new(grpcapi.BalanceService), new(*credit.Service)),
	wire.Bind(new(grpcapi.UsageRecorder), new(*usage.Service)),
	wire.Bind(new(grpcapi.TaxRequester), new(*tax.Service)),
	grpcapi.NewServer,
	grpcapi.NewGRPCServer,

	wire.Struct(new(APIApp), "*"),
)

var workerSet = wire.NewSet(
	storageSet,
	commonProviders,
	commonServices,

	wire.Bind(new(dunning.PaymentGateway), new(*stripex.Client)),
	wire.Struct(new(dunning.Deps), "*"),
	dunning.NewService,
	wire.Bind(new(notify.EventPublisher), new(*webhook.Service)),
	notify.NewReceiptService,

	ProvideJetStream,
	natsbus.NewPublisher,
	natsbus.NewRunner,
	natsbus.NewOutboxRelay,

	wire.Bind(new(consumers.UsageIngester), new(*usage.Service)),
	wire.Bind(new(consumers.PeriodCloser), new(*invoicing.Service)),
	consumers.NewUsageConsumers,
	ProvideUsageEventsConsumer,
	ProvidePeriodClosedConsumer,

	wire.Bind(new(consumers.Collector), new(*invoicing.Service)),
	wire.Bind(new(consumers.PaidNotifier), new(*notify.ReceiptService)),
	wire.Bind(new(consumers.DunningStarter), new(*dunning.Service)),
	consumers.NewInvoiceConsumers,

	wire.Bind(new(taskhandlers.Dunning), new(*dunning.Service)),
	wire.Bind(new(taskhandlers.WebhookDeliverer), new(*webhook.Service)),
	wire.Bind(new(taskhandlers.CreditExpirer), new(*credit.Service)),
	taskhandlers.Routes,
	ProvideTaskServer,
	ProvideTaskMux,
	ProvideScheduler,

	wire.Bind(new(consumers.TaxRecalculator), new(*tax.Service)),
	ProvideTaxConsumer,

	wire.Struct(new(WorkerApp), "*"),
)

func InitializeAPI(ctx context.Context, cfg config.Config) (*APIApp, func(), error) {
	wire.Build(apiSet)
	return nil, nil, nil
}

func InitializeWorker(ctx context.Context, cfg config.Config) (*WorkerApp, func(), error) {
	wire.Build(workerSet)
	return nil, nil, nil
}
