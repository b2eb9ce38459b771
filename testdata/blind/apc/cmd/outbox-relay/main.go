// Command outbox-relay publishes committed outbox rows to Kafka.
package main

import (
	"os"

	"github.com/quillpress/apcdesk/internal/events"
	"github.com/quillpress/apcdesk/internal/gormstore"
	"github.com/quillpress/apcdesk/internal/platform/config"
)

func main() {
	log := config.Logger("outbox-relay")
	ctx, stop := config.SignalContext()
	defer stop()

	db, err := gormstore.Open(config.MustString("DATABASE_URL"), gormstore.Options{MaxOpenConns: 2})
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	store := gormstore.New(db)

	relay := events.NewRelay(store.Outbox(), config.List("KAFKA_BROKERS", "localhost:9092"), log)
	defer relay.Close()

	log.Info("relaying")
	if err := relay.Run(ctx); err != nil {
		log.Error("relay stopped", "err", err)
		os.Exit(1)
	}
}
