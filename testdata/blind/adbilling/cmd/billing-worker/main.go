// Command billing-worker relays the outbox to the event handlers and
// consumes the invoice dispatch queue.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/dig"

	"github.com/brightlane/adbilling/internal/app"
	"github.com/brightlane/adbilling/internal/config"
	"github.com/brightlane/adbilling/internal/outbox"
	"github.com/brightlane/adbilling/internal/queue"
	"github.com/brightlane/adbilling/internal/repository"
	"github.com/brightlane/adbilling/internal/service"
	"github.com/brightlane/adbilling/internal/worker"
)

func main() {
	c, err := app.New()
	if err != nil {
		slog.Error("build container", "err", err)
		os.Exit(1)
	}
	if err := provideWorker(c); err != nil {
		slog.Error("register worker providers", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("billing-worker stopped", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

type handlerDeps struct {
	dig.In

	Invoices  *service.InvoiceService
	Mailer    *service.Mailer
	Payouts   *service.PayoutService
	Campaigns *service.CampaignService
	TopUps    *service.TopUpService
	Spend     *service.SpendService
	Processed repository.ProcessedMessages
	Log       *slog.Logger
}

func provideWorker(c *dig.Container) error {
	providers := []any{
		func(log *slog.Logger) watermill.LoggerAdapter {
			return watermill.NewSlogLogger(log.With("component", "watermill"))
		},
		worker.NewPubSub,
		func(g *gochannel.GoChannel) message.Publisher { return g },
		func(g *gochannel.GoChannel) message.Subscriber { return g },
		func(d handlerDeps) worker.Handlers {
			return worker.Handlers{
				Invoices:   d.Invoices,
				Notify:     d.Mailer,
				Statements: d.Payouts,
				Campaigns:  d.Campaigns,
				Balances:   d.TopUps,
				Revenue:    d.Spend,
				Processed:  d.Processed,
				Log:        d.Log.With("component", "handlers"),
			}
		},
		func(logger watermill.LoggerAdapter, sub message.Subscriber, h worker.Handlers) (*message.Router, error) {
			return worker.NewRouter(logger, sub, h.Routes())
		},
		func(pool *pgxpool.Pool, pub message.Publisher, cfg *config.Config, log *slog.Logger) *outbox.Relay {
			return outbox.NewRelay(pool, pub, cfg.OutboxPollInterval, cfg.OutboxBatchSize, log)
		},
		func(client *sqs.Client, cfg *config.Config, m *service.Mailer, log *slog.Logger) *queue.Consumer {
			return queue.NewConsumer(client, cfg, m.DispatchInvoice, log)
		},
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			return err
		}
	}
	return nil
}

func run(router *message.Router, relay *outbox.Relay, dispatch *queue.Consumer, pool *pgxpool.Pool, log *slog.Logger) error {
	defer pool.Close()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	tasks := map[string]func(context.Context) error{
		"router": router.Run,
		"outbox-relay": func(ctx context.Context) error {
			<-router.Running()
			return relay.Run(ctx)
		},
		"invoice-dispatch": dispatch.Run,
	}
	var wg sync.WaitGroup
	for name, task := range tasks {
		wg.Add(1)
		go func(name string, task func(context.Context) error) {
			defer wg.Done()
			if err := task(ctx); err != nil {
				log.Error("task failed", "task", name, "err", err)
				cancel(err)
			}
		}(name, task)
	}
	<-ctx.Done()
	_ = router.Close()
	wg.Wait()
	if err := context.Cause(ctx); err != nil && err != context.Canceled {
		return err
	}
	return nil
}
