// Command labeld consumes label purchase and void requests from SQS and
// talks to the carrier.
package main

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/config"
	"github.com/inkloop/printshop/internal/consumer"
	"github.com/inkloop/printshop/internal/db"
	"github.com/inkloop/printshop/internal/notify"
	"github.com/inkloop/printshop/internal/provider/carrier"
	"github.com/inkloop/printshop/internal/queue/sqsbus"
	"github.com/inkloop/printshop/internal/queue/tasks"
	"github.com/inkloop/printshop/internal/repository"
	"github.com/inkloop/printshop/internal/service"
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
			func() (*zap.Logger, error) { return zap.NewProduction() },
			db.Open,
			repository.NewOrderRepository,
			repository.NewPrintJobRepository,
			repository.NewShipmentRepository,
			repository.NewWalletRepository,
			repository.NewWebhookRepository,
			fx.Annotate(func(cfg config.Config) *carrier.Client {
				return carrier.NewClient(cfg.CarrierBaseURL, cfg.CarrierAPIKey)
			}, fx.As(new(service.Carrier))),
			fx.Annotate(func(cfg config.Config) *notify.HTTPSender {
				return notify.NewHTTPSender(cfg.WebhookTimeout)
			}, fx.As(new(notify.Sender))),
			func(lc fx.Lifecycle, cfg config.Config) *asynq.Client {
				c := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr})
				lc.Append(fx.Hook{OnStop: func(context.Context) error { return c.Close() }})
				return c
			},
			tasks.NewEnqueuer,
			fx.Annotate(func(cfg config.Config) (*sqs.Client, error) {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				return sqsbus.NewClient(ctx, cfg.AWSRegion)
			}, fx.As(new(sqsbus.API))),
			sqsbus.NewPublisher,
			fx.Annotate(service.NewWallets, fx.As(new(service.WalletService))),
			fx.Annotate(service.NewNotifications, fx.As(new(service.NotificationService))),
			fx.Annotate(service.NewLabels, fx.As(new(service.LabelService))),
			consumer.NewHandlers,
			labelConsumers,
		),
		fx.Invoke(consumer.RunConsumers),
	)
}

func labelConsumers(api sqsbus.API, cfg config.Config, h *consumer.Handlers, log *zap.Logger) []*sqsbus.Consumer {
	routes := h.LabelRoutes()
	purchase := sqsbus.Routes{sqsbus.TypeLabelPurchase: routes[sqsbus.TypeLabelPurchase]}
	void := sqsbus.Routes{sqsbus.TypeLabelVoid: routes[sqsbus.TypeLabelVoid]}
	return []*sqsbus.Consumer{
		sqsbus.NewConsumer(api, sqsbus.ConsumerConfig{
			QueueURL:          cfg.LabelPurchaseQueue,
			WaitSeconds:       cfg.SQSWaitSeconds,
			VisibilityTimeout: cfg.SQSVisibilityTimeout,
			Workers:           1, // FIFO: one in-flight group at a time per worker
		}, purchase, log),
		sqsbus.NewConsumer(api, sqsbus.ConsumerConfig{
			QueueURL:          cfg.LabelVoidQueue,
			WaitSeconds:       cfg.SQSWaitSeconds,
			VisibilityTimeout: cfg.SQSVisibilityTimeout,
			Workers:           2,
		}, void, log),
	}
}
