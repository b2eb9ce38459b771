package main

// Hand-written injector for the outbox relay.

import (
	"log/slog"

	"github.com/google/wire"

	"github.com/vinoteca/wineclub/internal/config"
	"github.com/vinoteca/wineclub/internal/events"
	"github.com/vinoteca/wineclub/internal/platform/database"
	"github.com/vinoteca/wineclub/internal/store"
)

var relaySet = wire.NewSet(database.ProviderSet, store.NewOutbox, events.NewWriter, events.NewRelay)

func initializeRelay(cfg config.Config, log *slog.Logger) (*events.Relay, func(), error) {
	_ = relaySet
	db, cleanupDB, err := database.Open(cfg)
	if err != nil {
		return nil, nil, err
	}
	writer := events.NewWriter(cfg.KafkaBrokers)
	relay := events.NewRelay(store.NewOutbox(db), writer, log)
	return relay, func() {
		_ = writer.Close()
		cleanupDB()
	}, nil
}
