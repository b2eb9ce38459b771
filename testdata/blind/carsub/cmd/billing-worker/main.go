// Command billing-worker consumes Paywell events from the billing SQS queue.
package main

import (
	"context"
	"fmt"
	"log/slog"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.uber.org/fx"

	"github.com/drivewise/carsub/internal/app"
	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/consumer"
	"github.com/drivewise/carsub/internal/service"
)

func newSQSClient(cfg *config.Config) (*sqs.Client, error) {
	if cfg.SQS.QueueURL == "" {
		return nil, fmt.Errorf("BILLING_EVENTS_QUEUE_URL is not set")
	}
	awsCfg, err := awsconfig.LoadDefaultConfig(context.Background())
	if err != nil {
		return nil, fmt.Errorf("aws config: %w", err)
	}
	return sqs.NewFromConfig(awsCfg), nil
}

func main() {
	fx.New(
		app.Core,
		app.Providers,
		fx.Provide(
			fx.Annotate(newSQSClient, fx.As(new(consumer.SQSAPI))),
			fx.Annotate(service.NewBillingEvents, fx.As(new(consumer.BillingDispatcher))),
			consumer.NewBillingConsumer,
		),
		fx.Invoke(func(lc fx.Lifecycle, sd fx.Shutdowner, log *slog.Logger, c *consumer.BillingConsumer) {
			app.RunLoop(lc, sd, log, "billing-consumer", c.Run)
		}),
	).Run()
}
