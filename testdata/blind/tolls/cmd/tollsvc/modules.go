package main

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/northgate/tolls/internal/admin"
	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/consumers"
	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/grpcapi"
	"github.com/northgate/tolls/internal/idem"
	"github.com/northgate/tolls/internal/logging"
	"github.com/northgate/tolls/internal/providers/dmv"
	"github.com/northgate/tolls/internal/providers/mailer"
	"github.com/northgate/tolls/internal/providers/payments"
	"github.com/northgate/tolls/internal/service/accounts"
	"github.com/northgate/tolls/internal/service/billing"
	"github.com/northgate/tolls/internal/service/notify"
	"github.com/northgate/tolls/internal/service/tolling"
	"github.com/northgate/tolls/internal/service/violations"
	"github.com/northgate/tolls/internal/storage"
	"github.com/northgate/tolls/internal/storage/repo"
	"github.com/northgate/tolls/internal/workers"
)

var coreModule = fx.Module("core",
	fx.Provide(
		config.Load,
		logging.New,
		storage.NewDB,
		fx.Annotate(storage.NewTxRunner, fx.As(new(storage.TxRunner))),
		idem.NewStore,

		repo.NewAccounts,
		repo.NewTransponders,
		repo.NewVehicles,
		repo.NewTrips,
		repo.NewTariffs,
		repo.NewLedger,
		repo.NewCharges,
		repo.NewTopUps,
		repo.NewCardPayments,
		repo.NewAttemptLog,
		repo.NewNotifications,
		repo.NewViolations,
		repo.NewInbox,
		repo.NewAlerts,
	),
)

var providersModule = fx.Module("providers",
	fx.Provide(
		newAWSConfig,
		fx.Annotate(newSNSClient, fx.As(new(events.SNSAPI))),
		fx.Annotate(newSQSClient, fx.As(new(events.SQSAPI))),
		events.NewPublisher,
		events.NewQueueSender,
		newStreamWriter,

		newGateway,
		fx.Annotate(mailer.NewClient, fx.As(new(mailer.Sender))),
		fx.Annotate(dmv.NewClient, fx.As(new(dmv.Lookup))),
	),
)

var servicesModule = fx.Module("services",
	fx.Provide(
		tolling.NewPricer,
		fx.Annotate(accounts.New, fx.As(new(accounts.Service))),
		fx.Annotate(billing.New, fx.As(new(billing.Service))),
		fx.Annotate(tolling.New, fx.As(new(tolling.Service))),
		fx.Annotate(violations.New, fx.As(new(violations.Service))),
		notify.New,
	),
)

var transportModule = fx.Module("transport",
	fx.Provide(
		// gRPC
		fx.Annotate(grpcapi.NewAccountServer, fx.As(new(grpcapi.AccountServiceServer))),
		fx.Annotate(grpcapi.NewBillingServer, fx.As(new(grpcapi.BillingServiceServer))),
		fx.Annotate(grpcapi.NewViolationServer, fx.As(new(grpcapi.ViolationServiceServer))),
		grpcapi.NewServer,

		// admin HTTP
		adminRoute(admin.NewAccountRoutes),
		adminRoute(admin.NewViolationRoutes),
		adminRoute(admin.NewTripRoutes),
		adminRoute(admin.NewChargeRoutes),
		adminRoute(admin.NewWebhookRoutes),
		fx.Annotate(admin.NewEcho, fx.ParamTags(`group:"admin_routes"`)),

		// Kafka
		consumers.NewHandlers,
		consumers.Bindings,
		consumers.NewRunner,

		// SQS
		workers.NewCreditHandler,
		func(b billing.Service, v violations.Service, n *notify.Service, c *workers.CreditHandler) workers.Deps {
			return workers.Deps{Billing: b, Violations: v, Notify: n, Credits: c}
		},
		workers.Queues,
		workers.NewPoller,
	),
)

func adminRoute(ctor any) any {
	return fx.Annotate(ctor, fx.As(new(admin.Route)), fx.ResultTags(`group:"admin_routes"`))
}

func newAWSConfig(cfg *config.Config) (aws.Config, error) {
	return awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.AWSRegion))
}

func newSNSClient(c aws.Config) *sns.Client { return sns.NewFromConfig(c) }

func newSQSClient(c aws.Config) *sqs.Client { return sqs.NewFromConfig(c) }

func newStreamWriter(lc fx.Lifecycle, cfg *config.Config) events.StreamWriter {
	w := events.NewStreamWriter(cfg.KafkaBrokers)
	lc.Append(fx.StopHook(w.Close))
	return w
}

// newGateway stacks the gateway decorators: every HTTP attempt is logged,
// and transient failures are retried with the same call options.
func newGateway(cfg *config.Config, attempts repo.AttemptLog, log *zap.Logger) payments.Gateway {
	var g payments.Gateway = payments.NewClient(cfg)
	g = payments.WithAttemptLog(g, attempts, log)
	g = payments.WithRetry(g, payments.DefaultRetryPolicy, log)
	return g
}
