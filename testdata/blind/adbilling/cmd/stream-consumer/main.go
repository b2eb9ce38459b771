// Command stream-consumer ingests the impression, click and invalid-traffic
// streams from Kafka.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/dig"

	"github.com/brightlane/adbilling/internal/app"
	"github.com/brightlane/adbilling/internal/config"
	"github.com/brightlane/adbilling/internal/service"
	"github.com/brightlane/adbilling/internal/stream"
)

type runner interface {
	Run(ctx context.Context) error
}

func main() {
	c, err := app.New()
	if err != nil {
		slog.Error("build container", "err", err)
		os.Exit(1)
	}
	if err := c.Provide(func(s *service.SpendService) stream.SpendRecorder { return s }); err != nil {
		slog.Error("register recorder", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("stream-consumer stopped", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

func consumers(cfg *config.Config, rec stream.SpendRecorder, log *slog.Logger) []runner {
	rc := func(topic string) stream.ReaderConfig {
		return stream.ReaderConfig{Brokers: cfg.KafkaBrokers, GroupID: cfg.KafkaGroupID, Topic: topic}
	}
	return []runner{
		stream.NewConsumer("impressions", rc(cfg.ImpressionsTopic), stream.DecodeImpression, rec.RecordImpression, log),
		stream.NewConsumer("clicks", rc(cfg.ClicksTopic), stream.DecodeClick, rec.RecordClick, log),
		stream.NewConsumer("invalid-traffic", rc(cfg.InvalidTrafficTopic), stream.DecodeVerdict, rec.RecordInvalidTraffic, log),
	}
}

func run(cfg *config.Config, rec stream.SpendRecorder, pool *pgxpool.Pool, log *slog.Logger) error {
	defer pool.Close()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	var wg sync.WaitGroup
	for _, r := range consumers(cfg, rec, log) {
		wg.Add(1)
		go func(r runner) {
			defer wg.Done()
			if err := r.Run(ctx); err != nil {
				log.Error("consumer failed", "err", err)
				cancel(err)
			}
		}(r)
	}
	wg.Wait()
	if err := context.Cause(ctx); err != nil && err != context.Canceled {
		return err
	}
	return nil
}
