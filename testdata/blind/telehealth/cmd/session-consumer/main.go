// Command session-consumer processes video-session events from Kafka.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/carelink/telehealth/internal/config"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/platform/kafkax"
	"github.com/carelink/telehealth/internal/platform/retry"
	"github.com/carelink/telehealth/internal/providers/stripepay"
	"github.com/carelink/telehealth/internal/service/billing"
	"github.com/carelink/telehealth/internal/service/sessions"
	"github.com/carelink/telehealth/internal/store"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("svc", "session-consumer")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		log.Error("db", "err", err)
		os.Exit(1)
	}
	defer d.Close()

	copays := store.NewCopayRepo(d)
	refunds := billing.NewRefundService(d, copays, store.NewRefundRepo(d),
		stripepay.New(cfg.StripeSecretKey, retry.Provider), log)

	h := &sessions.Handlers{
		DB:               d,
		Appts:            store.NewAppointmentRepo(d),
		Copays:           copays,
		Sessions:         store.NewSessionRepo(d),
		Billing:          store.NewBillingRepo(),
		Processed:        store.NewProcessedRepo(d),
		Refunds:          refunds,
		Log:              log,
		FacilityFeeCents: 2950,
	}
	router := kafkax.NewRouter(kafkax.Logging(log))
	h.Register(router)

	consumer := kafkax.NewConsumer(kafkax.ConsumerConfig{
		Brokers:  cfg.KafkaBrokers,
		Topic:    cfg.SessionTopic,
		GroupID:  cfg.SessionGroupID,
		DLQTopic: cfg.SessionDLQTopic,
		Policy:   retry.Provider,
	}, router, log)
	defer consumer.Close()

	log.Info("consuming", "topic", cfg.SessionTopic, "group", cfg.SessionGroupID)
	if err := consumer.Run(ctx); err != nil {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
