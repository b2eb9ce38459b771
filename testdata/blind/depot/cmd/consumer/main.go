// Command consumer runs the depot's Kafka consumer group: order intake,
// reservations, label purchase, dispatch, returns, counts and billing.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/depotworks/depot/internal/carrier"
	"github.com/depotworks/depot/internal/config"
	"github.com/depotworks/depot/internal/handlers"
	"github.com/depotworks/depot/internal/kafkaconsumer"
	"github.com/depotworks/depot/internal/platform/clock"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/platform/idgen"
	"github.com/depotworks/depot/internal/psp"
	"github.com/depotworks/depot/internal/service"
	"github.com/depotworks/depot/internal/store"
	"github.com/depotworks/depot/internal/webhook"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	log := cfg.Logger()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, cfg.DatabaseURL, db.Options{MaxOpenConns: 20, MaxIdleConns: 5})
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	clk := clock.System{}
	ids := idgen.UUID{}
	outbound := &http.Client{Timeout: cfg.OutboundTimeout}
	repos := store.New(conn, store.WithClock(clk), store.WithIDGen(ids))

	carrierAPI := carrier.Instrumented{
		Next: carrier.New(cfg.CarrierURL, cfg.CarrierKey, cfg.CarrierAccount,
			carrier.WithHTTPClient(outbound), carrier.WithRetryMax(4), carrier.WithLogger(log)),
		Logger: log,
	}
	common := []service.Option{
		service.WithClock(clk), service.WithIDGen(ids), service.WithLogger(log),
		service.WithHTTPClient(outbound), service.WithReservationHold(cfg.ReservationHold),
	}

	sender := webhook.NewSender(webhook.WithHTTPClient(outbound), webhook.WithClock(clk))
	notifier := service.NewNotifier(repos, sender, service.WithClock(clk), service.WithIDGen(idgen.KSUID{}), service.WithLogger(log))
	stock := service.NewInventoryService(repos, common...)

	table := handlers.Table(handlers.Deps{
		Orders:    service.NewOrderService(repos, common...),
		Labels:    service.NewLabelService(repos, carrierAPI, cfg.CarrierName, cfg.WarehouseAddress, common...),
		Dispatch:  service.NewTrackingService(repos, notifier, nil, common),
		Returns:   service.NewReturnService(repos, stock, cfg.ReturnFeeCents, common...),
		Stock:     stock,
		Billing:   service.NewBillingService(repos, psp.New(cfg.PSPURL, cfg.PSPSecret), cfg.Currency, common),
		Receiving: service.NewInboundService(repos, common...),
		Processed: repos.Idempotency,
		Logger:    log,
		Timeout:   45 * time.Second,
	})

	reader := kafkaconsumer.NewReader(cfg.KafkaBrokers, cfg.KafkaGroup, table.Topics())
	runner := kafkaconsumer.NewRunner(reader, table, kafkaconsumer.WithLogger(log))
	log.Info("consumer starting", "group", cfg.KafkaGroup, "topics", table.Topics())
	if err := runner.Run(ctx); err != nil {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
