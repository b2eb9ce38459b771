// Command notifications-consumer polls the importer and carrier SQS queues.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/ridgeline-coffee/roastery/internal/app"
	appconfig "github.com/ridgeline-coffee/roastery/internal/config"
	"github.com/ridgeline-coffee/roastery/internal/greencoffee"
	"github.com/ridgeline-coffee/roastery/internal/metrics"
	"github.com/ridgeline-coffee/roastery/internal/notify"
	"github.com/ridgeline-coffee/roastery/internal/queue"
	"github.com/ridgeline-coffee/roastery/internal/shipping"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	c, err := app.Build()
	if err != nil {
		slog.Error("build container", "err", err)
		os.Exit(1)
	}
	err = c.Invoke(func(cfg appconfig.Config, client *sqs.Client, green greencoffee.Service,
		ship shipping.Service, log *slog.Logger, m metrics.Recorder) error {
		consumers := []*queue.Consumer{
			{
				Name:              "importer",
				QueueURL:          cfg.ImporterQueueURL,
				Client:            client,
				Handler:           notify.ImporterHandlers{Green: green}.Router().Handle,
				Log:               log,
				Metrics:           m,
				Concurrency:       2,
				VisibilityTimeout: 120,
			},
			{
				Name:        "carrier",
				QueueURL:    cfg.CarrierQueueURL,
				Client:      client,
				Handler:     notify.CarrierHandlers{Shipping: ship}.Router().Handle,
				Log:         log,
				Metrics:     m,
				Concurrency: 8,
			},
		}
		var wg sync.WaitGroup
		for _, cons := range consumers {
			if cons.QueueURL == "" {
				log.Warn("queue url not configured; skipping", "queue", cons.Name)
				continue
			}
			wg.Add(1)
			go func(cons *queue.Consumer) {
				defer wg.Done()
				if err := cons.Run(ctx); err != nil {
					log.Error("consumer stopped", "queue", cons.Name, "err", err)
				}
			}(cons)
		}
		wg.Wait()
		return nil
	})
	if err != nil {
		slog.Error("notifications-consumer exited", "err", err)
		os.Exit(1)
	}
}
