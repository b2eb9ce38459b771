// Command relay publishes committed outbox rows to Kafka.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/vinoteca/wineclub/internal/config"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	relay, cleanup, err := initializeRelay(cfg, log)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	log.Info("relay starting")
	if err := relay.Run(ctx); err != nil {
		log.Error("relay stopped", "err", err)
	}
}
