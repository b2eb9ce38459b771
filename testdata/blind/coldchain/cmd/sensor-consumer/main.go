// Command sensor-consumer reads reefer telemetry from Kafka and applies it
// to shipments.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/segmentio/kafka-go"

	"github.com/frostline/coldchain/internal/jobs"
	"github.com/frostline/coldchain/internal/platform"
	"github.com/frostline/coldchain/internal/sensor"
	"github.com/frostline/coldchain/internal/storage/postgres"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("sensor consumer exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := platform.LoadConfig()
	if err != nil {
		return err
	}
	pool, err := platform.NewPool(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()

	riverClient, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
	if err != nil {
		return err
	}

	reader := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.KafkaBrokers,
		GroupID:        cfg.KafkaGroupID,
		Topic:          cfg.SensorTopic,
		MinBytes:       1 << 10,
		MaxBytes:       4 << 20,
		MaxWait:        500 * time.Millisecond,
		CommitInterval: 0, // commit synchronously after each handled message
		StartOffset:    kafka.FirstOffset,
	})
	defer reader.Close()

	handlers := sensor.NewHandlers(postgres.NewSensorRepo(pool), jobs.NewEnqueuer(riverClient), log)
	consumer := sensor.NewConsumer(reader, handlers.Table(), log,
		sensor.WithLogging(log),
		sensor.WithRetry(3, 200*time.Millisecond),
	)

	log.Info("sensor consumer started", "topic", cfg.SensorTopic, "group", cfg.KafkaGroupID)
	return consumer.Run(ctx)
}
