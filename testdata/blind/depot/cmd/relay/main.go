// Command relay drains the outbox to Kafka and to merchant webhooks.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/depotworks/depot/internal/config"
	"github.com/depotworks/depot/internal/platform/clock"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/relay"
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

	conn, err := db.Open(ctx, cfg.DatabaseURL, db.Options{MaxOpenConns: 5})
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	clk := clock.System{}
	writer := &kafka.Writer{
		Addr:         kafka.TCP(cfg.KafkaBrokers...),
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 50 * time.Millisecond,
	}
	defer writer.Close()

	sender := webhook.NewSender(
		webhook.WithHTTPClient(&http.Client{Timeout: 10 * time.Second}),
		webhook.WithClock(clk),
	)
	r := relay.New(store.New(conn, store.WithClock(clk)), writer, sender,
		relay.WithClock(clk), relay.WithLogger(log), relay.WithBatchSize(100))
	log.Info("relay starting")
	if err := r.Run(ctx, time.Second); err != nil {
		log.Error("relay stopped", "err", err)
		os.Exit(1)
	}
}
