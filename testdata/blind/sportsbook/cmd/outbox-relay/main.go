// Command outbox-relay publishes outbox rows to Kafka.
package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/segmentio/kafka-go"

	"github.com/kickoffbet/sportsbook/internal/config"
	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/telemetry"
)

func main() {
	log := config.Logger("outbox-relay")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, config.Database())
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	writer := &kafka.Writer{
		Addr:                   kafka.TCP(config.List("KAFKA_BROKERS", "localhost:9092")...),
		Balancer:               &kafka.Hash{},
		RequiredAcks:           kafka.RequireAll,
		AllowAutoTopicCreation: false,
		BatchTimeout:           50 * time.Millisecond,
	}
	defer writer.Close()

	relay := &outbox.Relay{
		DB:        conn,
		Publisher: writer,
		BatchSize: config.Int("OUTBOX_BATCH", 200),
		Interval:  config.Duration("OUTBOX_INTERVAL", time.Second),
		Metrics:   telemetry.NewMetrics(prometheus.DefaultRegisterer, "sportsbook"),
		Log:       log,
	}
	log.Info("outbox-relay started")
	if err := relay.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("relay stopped", "err", err)
		os.Exit(1)
	}
}
