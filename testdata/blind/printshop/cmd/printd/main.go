// Command printd runs the printshop API (HTTP webhooks + merchant REST,
// dashboard gRPC), the asynq worker and scheduler, and the order-events SQS
// consumer.
package main

import (
	"context"
	"database/sql"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/config"
	"github.com/inkloop/printshop/internal/consumer"
	"github.com/inkloop/printshop/internal/db"
	"github.com/inkloop/printshop/internal/notify"
	"github.com/inkloop/printshop/internal/provider/carrier"
	"github.com/inkloop/printshop/internal/provider/payments"
	"github.com/inkloop/printshop/internal/provider/printfac"
	"github.com/inkloop/printshop/internal/queue/sqsbus"
	"github.com/inkloop/printshop/internal/queue/tasks"
	"github.com/inkloop/printshop/internal/reporting"
	"github.com/inkloop/printshop/internal/repository"
	"github.com/inkloop/printshop/internal/service"
	"github.com/inkloop/printshop/internal/transport/httpapi"
	"github.com/inkloop/printshop/internal/transport/rpc"
	"github.com/inkloop/printshop/internal/worker"
)

func main() {
	fx.New(options()).Run()
}

// options is the full dependency graph; kept separate so it can be checked
// with fx.ValidateApp.
func options() fx.Option {
	return fx.Options(
		fx.Provide(
			config.Load,
			newLogger,
			db.Open,
			db.SQL,
			reporting.New,
		),
		repositories,
		providers,
		services,
		fx.Provide(
			httpapi.NewServer,
			rpc.NewHandler,
			rpc.NewGRPCServer,
			worker.New,
			worker.NewServer,
			worker.NewScheduler,
			consumer.NewHandlers,
			orderEventConsumers,
		),
		fx.Invoke(
			migrate,
			httpapi.Register,
			rpc.Register,
			worker.Run,
			consumer.RunConsumers,
		),
	)
}

var repositories = fx.Provide(
	repository.NewMerchantRepository,
	repository.NewOrderRepository,
	repository.NewWalletRepository,
	repository.NewTopupRepository,
	repository.NewIdempotencyRepository,
	repository.NewInboundRepository,
	repository.NewPrintJobRepository,
	repository.NewShipmentRepository,
	repository.NewWebhookRepository,
)

var providers = fx.Provide(
	newFacilityRegistry,
	fx.Annotate(newCarrier, fx.As(new(service.Carrier))),
	fx.Annotate(newPayments, fx.As(new(service.Payments))),
	fx.Annotate(newWebhookSender, fx.As(new(notify.Sender))),
	newAsynqClient,
	tasks.NewEnqueuer,
	fx.Annotate(newSQS, fx.As(new(sqsbus.API))),
	sqsbus.NewPublisher,
)

var services = fx.Provide(
	fx.Annotate(service.NewWallets, fx.As(new(service.WalletService))),
	fx.Annotate(service.NewMerchants, fx.As(new(service.MerchantService))),
	fx.Annotate(service.NewNotifications, fx.As(new(service.NotificationService))),
	fx.Annotate(service.NewOrders, fx.As(new(service.OrderService))),
	fx.Annotate(service.NewFacilityEvents, fx.As(new(service.FacilityEventService))),
	fx.Annotate(service.NewFulfilment, fx.As(new(service.FulfilmentService))),
	fx.Annotate(service.NewLabels, fx.As(new(service.LabelService))),
	fx.Annotate(service.NewTracking, fx.As(new(service.TrackingService))),
	fx.Annotate(service.NewTopups, fx.As(new(service.TopupService))),
	fx.Annotate(service.NewDashboard, fx.As(new(service.DashboardService))),
	fx.Annotate(service.NewStatements, fx.As(new(service.StatementService))),
)

func newLogger() (*zap.Logger, error) {
	return zap.NewProduction()
}

func migrate(lc fx.Lifecycle, sqlDB *sql.DB, _ *gorm.DB) {
	lc.Append(fx.Hook{OnStart: func(ctx context.Context) error { return db.Migrate(ctx, sqlDB) }})
}

func newFacilityRegistry(cfg config.Config) *printfac.Registry {
	return printfac.NewRegistry(
		printfac.NewInkbridge(cfg.InkbridgeBaseURL, cfg.InkbridgeAPIKey),
		printfac.NewPressworks(cfg.PressworksBaseURL, cfg.PressworksToken),
		printfac.NewCopperplate(cfg.CopperplateBaseURL, cfg.CopperplateUser, cfg.CopperplatePassword),
	)
}

func newCarrier(cfg config.Config) *carrier.Client {
	return carrier.NewClient(cfg.CarrierBaseURL, cfg.CarrierAPIKey)
}

func newPayments(cfg config.Config) *payments.Client {
	return payments.NewClient(cfg.PaymentsBaseURL, cfg.PaymentsAPIKey)
}

func newWebhookSender(cfg config.Config) *notify.HTTPSender {
	return notify.NewHTTPSender(cfg.WebhookTimeout)
}

func newAsynqClient(lc fx.Lifecycle, cfg config.Config) *asynq.Client {
	c := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr})
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return c.Close() }})
	return c
}

func newSQS(cfg config.Config) (*sqs.Client, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return sqsbus.NewClient(ctx, cfg.AWSRegion)
}

func orderEventConsumers(api sqsbus.API, cfg config.Config, h *consumer.Handlers, log *zap.Logger) []*sqsbus.Consumer {
	return []*sqsbus.Consumer{
		sqsbus.NewConsumer(api, sqsbus.ConsumerConfig{
			QueueURL:          cfg.OrderEventsQueue,
			WaitSeconds:       cfg.SQSWaitSeconds,
			VisibilityTimeout: cfg.SQSVisibilityTimeout,
			Workers:           2,
		}, h.OrderEventRoutes(), log),
	}
}
