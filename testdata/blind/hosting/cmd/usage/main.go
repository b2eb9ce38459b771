// Command usage consumes metering samples from SQS.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.uber.org/dig"
	"golang.org/x/sync/errgroup"

	"github.com/nimbusrack/hosting/internal/app"
	"github.com/nimbusrack/hosting/internal/platform/config"
	"github.com/nimbusrack/hosting/internal/providers/usagequeue"
	"github.com/nimbusrack/hosting/internal/servers"
	"github.com/nimbusrack/hosting/internal/usage"
	"github.com/nimbusrack/hosting/internal/volumes"
)

func main() {
	c := dig.New()
	app.Must(app.ProvideCore(c))
	app.Must(c.Provide(app.NewSQS))
	app.Must(c.Provide(func(repo *usage.Repository, srv *servers.Repository, vol *volumes.Repository, log *slog.Logger) *usage.Meter {
		return usage.NewMeter(repo, srv, vol, log.With("component", "meter"))
	}))
	if err := c.Invoke(run); err != nil {
		slog.Error("usage exited", "error", err)
		os.Exit(1)
	}
}

func run(cfg *config.Config, log *slog.Logger, client *sqs.Client, meter *usage.Meter) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	queues := map[string]usagequeue.Handler{
		cfg.UsageIngestQueueURL: meter.RecordServerSample,
		cfg.VolumeUsageQueueURL: meter.RecordVolumeSample,
	}

	g, ctx := errgroup.WithContext(ctx)
	for url, handler := range queues {
		consumer := usagequeue.NewConsumer(client, url, handler,
			usagequeue.WithWaitTime(cfg.UsagePollWaitSeconds),
			usagequeue.WithVisibilityTimeout(120),
			usagequeue.WithLogger(log.With("queue", url)),
		)
		g.Go(func() error { return consumer.Run(ctx) })
	}
	log.Info("usage consumers started", "queues", len(queues))
	return g.Wait()
}
