// Command results-consumer applies the sports data feed (odds, results,
// corrections, cancellations) to markets and bets.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/kickoffbet/sportsbook/internal/betting"
	"github.com/kickoffbet/sportsbook/internal/config"
	"github.com/kickoffbet/sportsbook/internal/consumer"
	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/results"
	"github.com/kickoffbet/sportsbook/internal/telemetry"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

const group = "sportsbook-results"

func main() {
	log := config.Logger("results-consumer")
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
		_ = http.ListenAndServe(config.String("METRICS_ADDR", ":9102"), promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	}()

	txr := db.NewTxRunner(conn)
	settler := betting.NewSettler(conn, txr, betting.NewStore(), wallet.NewStore(), outbox.NewWriter(),
		idem.NewProcessed(group), log.With("component", "settlement"))

	handlers := &results.Handlers{Settlement: settler, Log: log}
	registry := handlers.Registry().With(consumer.Tracing("results"), consumer.Logging(log))

	reader := consumer.NewReader(config.List("KAFKA_BROKERS", "localhost:9092"), group,
		config.String("RESULTS_TOPIC", "feed.results.v2"),
		config.String("ODDS_TOPIC", "feed.odds.v2"),
	)
	defer reader.Close()

	runner := &consumer.Runner{Name: group, Reader: reader, Registry: registry, Log: log, Metrics: metrics}
	log.Info("results-consumer started")
	if err := runner.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
