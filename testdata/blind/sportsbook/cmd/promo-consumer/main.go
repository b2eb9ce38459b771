// Command promo-consumer credits promotions (free bets, deposit match and
// welcome bonuses) from the promotions engine and player lifecycle events.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/kickoffbet/sportsbook/internal/config"
	"github.com/kickoffbet/sportsbook/internal/consumer"
	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/promo"
	"github.com/kickoffbet/sportsbook/internal/promoevents"
	"github.com/kickoffbet/sportsbook/internal/providers/notify"
	"github.com/kickoffbet/sportsbook/internal/telemetry"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

const group = "sportsbook-promotions"

func main() {
	log := config.Logger("promo-consumer")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, config.Database())
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	reg := prometheus.NewRegistry()
	metrics := telemetry.NewMetrics(reg, "sportsbook")
	go func() {
		_ = http.ListenAndServe(config.String("METRICS_ADDR", ":9103"), promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	}()

	txr := db.NewTxRunner(conn)
	walletStore := wallet.NewStore()
	walletSvc := wallet.WithMetrics(wallet.NewService(conn, txr, walletStore), metrics)
	promoSvc := promo.NewService(conn, txr, walletStore, walletSvc, outbox.NewWriter(), idem.NewProcessed(group), log)

	var notifier notify.Notifier = notify.Noop{}
	if base := config.String("NOTIFY_BASE_URL", ""); base != "" {
		notifier = notify.Instrument(notify.New(base, config.Must("NOTIFY_TOKEN")), metrics, log)
	}

	handlers := &promoevents.Handlers{
		Promo:    promoSvc,
		Notifier: notifier,
		Welcome: promo.Welcome{
			CampaignID: config.String("WELCOME_CAMPAIGN", "welcome-2024"),
			Amount:     config.Int64("WELCOME_BONUS", 1000),
			Wagering:   config.Int64("WELCOME_WAGERING", 5),
			ValidFor:   config.Duration("WELCOME_VALIDITY", 30*24*time.Hour),
		},
		Log: log,
	}
	registry := handlers.Registry().With(consumer.Tracing("promotions"), consumer.Logging(log))

	reader := consumer.NewReader(config.List("KAFKA_BROKERS", "localhost:9092"), group,
		config.String("PROMO_TOPIC", "promotions.awards.v1"),
		config.String("PLAYERS_TOPIC", "accounts.players.v1"),
	)
	defer reader.Close()

	runner := &consumer.Runner{Name: group, Reader: reader, Registry: registry, Log: log, Metrics: metrics}
	log.Info("promo-consumer started")
	if err := runner.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
