// Command courier-consumer reads the courier partner's delivery updates
// from Kafka.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/harvestloop/farmshare/internal/credits"
	"github.com/harvestloop/farmshare/internal/platform/config"
	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/routes"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("courier consumer exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()

	tx := database.NewTransactor(db)
	creditSvc := credits.NewService(db, tx, credits.NewStore(), nil, time.Now)

	reader := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.KafkaBrokers,
		GroupID:        cfg.CourierGroupID,
		Topic:          cfg.CourierTopic,
		MinBytes:       1,
		MaxBytes:       10e6,
		MaxWait:        2 * time.Second,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})

	consumer := routes.NewUpdateConsumer(reader, routes.UpdateDeps{
		DB:          db,
		Tx:          tx,
		Store:       routes.NewStore(),
		Credits:     creditSvc,
		CreditCents: cfg.SkipCreditCents,
		Log:         log,
	})
	log.Info("consuming courier updates", "topic", cfg.CourierTopic, "group", cfg.CourierGroupID)
	return consumer.Run(ctx)
}
