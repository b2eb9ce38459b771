// Command ancillaries-consumer consumes booking, flight-operations and
// loyalty events from Kafka.
package main

import (
	"log/slog"
	"os"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/skyway-air/ancillaries/internal/app"
	"github.com/skyway-air/ancillaries/internal/config"
	"github.com/skyway-air/ancillaries/internal/consumer"
	"github.com/skyway-air/ancillaries/internal/gds"
	"github.com/skyway-air/ancillaries/internal/notify"
	"github.com/skyway-air/ancillaries/internal/platform"
	"github.com/skyway-air/ancillaries/internal/postgres"
	"github.com/skyway-air/ancillaries/internal/retry"
)

var topics = []string{"flight-ops.events.v1", "booking.events.v1", "loyalty.events.v1"}

func main() {
	logger := platform.Logger("ancillaries-consumer")
	if err := run(logger); err != nil {
		logger.Error("exit", slog.Any("err", err))
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := platform.SignalContext()
	defer stop()

	db, err := postgres.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()

	reg := platform.Registry()
	platform.ServeMetrics(ctx, cfg.MetricsAddr, reg, logger)

	gdsClient, err := gds.New(cfg.GDSBaseURL,
		gds.WithAgency(cfg.GDSAgencyID),
		gds.WithAPIKey(cfg.GDSAPIKey),
		gds.WithTimeout(15*time.Second),
	)
	if err != nil {
		return err
	}
	deps := app.Deps{
		Store:  postgres.NewStore(db, logger),
		GDS:    gdsClient,
		SMS:    notify.NewSMSClient(cfg.SMSBaseURL, cfg.SMSAPIKey, notify.WithSMSSenderID(cfg.SMSSender)),
		Email:  notify.NewEmailClient(cfg.EmailBaseURL, cfg.EmailAPIKey, notify.WithFrom(cfg.EmailFrom)),
		Logger: logger,
	}
	table := consumer.NewTable(
		app.NewDisruptions(deps),
		app.NewBookings(deps,
			app.WithCreditValidity(365*24*time.Hour),
			app.WithLinkBonus(500, "SILVER", "GOLD", "PLATINUM"),
		),
	)

	reader := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.KafkaBrokers,
		GroupID:        cfg.KafkaGroupID,
		GroupTopics:    topics,
		MinBytes:       1,
		MaxBytes:       10e6,
		MaxWait:        2 * time.Second,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
	defer reader.Close()
	dlq := &kafka.Writer{
		Addr:         kafka.TCP(cfg.KafkaBrokers...),
		Topic:        cfg.KafkaDLQTopic,
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
	}
	defer dlq.Close()

	c := consumer.New(reader, table,
		consumer.WithDeadLetter(dlq),
		consumer.WithRetryPolicy(retry.Forever),
		consumer.WithLogger(logger),
		consumer.WithMetrics(consumer.NewMetrics(reg)),
	)
	logger.Info("consuming", slog.Any("topics", topics), slog.String("group", cfg.KafkaGroupID))
	return c.Run(ctx)
}
