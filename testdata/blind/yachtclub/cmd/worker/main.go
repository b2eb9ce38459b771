// Command worker runs the River job workers and the Kafka consumers.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/uptrace/bun"
	"golang.org/x/sync/errgroup"

	"github.com/tidewater-yc/clubhouse/internal/app"
	"github.com/tidewater-yc/clubhouse/internal/config"
	"github.com/tidewater-yc/clubhouse/internal/consumers"
	"github.com/tidewater-yc/clubhouse/internal/jobs"
	"github.com/tidewater-yc/clubhouse/internal/platform/kafka"
	"github.com/tidewater-yc/clubhouse/internal/worker"
)

func main() {
	c, err := app.Build("clubhouse-worker")
	if err == nil {
		for _, p := range []any{worker.Register, consumers.New} {
			if err = c.Provide(p); err != nil {
				break
			}
		}
	}
	if err != nil {
		slog.Error("container", "err", err)
		os.Exit(1)
	}
	err = c.Invoke(run)
	if err != nil {
		slog.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(cfg *config.Config, db *bun.DB, producer *kafka.Producer, workers *river.Workers,
	handlers *consumers.Handlers, loc *time.Location, log *slog.Logger) error {
	defer db.Close()
	defer producer.Close()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	pool, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()

	client, err := river.NewClient[pgx.Tx](riverpgxv5.New(pool), &river.Config{
		Queues: map[string]river.QueueConfig{
			jobs.QueueDefault:    {MaxWorkers: cfg.WorkerConcurrency},
			jobs.QueueBilling:    {MaxWorkers: 4},
			jobs.QueueStatements: {MaxWorkers: 6},
			jobs.QueueNotify:     {MaxWorkers: 6},
		},
		Workers:      workers,
		PeriodicJobs: worker.PeriodicJobs(loc),
		Logger:       log,
		JobTimeout:   2 * time.Minute,
	})
	if err != nil {
		return err
	}

	consumer, err := kafka.NewConsumer(cfg.KafkaBrokers, cfg.KafkaConsumerGroup, handlers.Routes(), log)
	if err != nil {
		return err
	}

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := client.Start(gctx); err != nil {
			return err
		}
		<-gctx.Done()
		stopCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		defer cancel()
		return client.Stop(stopCtx)
	})
	g.Go(func() error { return consumer.Run(gctx) })
	return g.Wait()
}
