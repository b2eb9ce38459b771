// Command consumer handles payment and shipment events from Kafka.
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
	runner, cleanup, err := initializeRunner(cfg, log)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	log.Info("consumer starting", "topics", []string{cfg.PaymentsTopic, cfg.ShipmentsTopic}, "group", cfg.KafkaGroupID)
	if err := runner.Run(ctx); err != nil {
		log.Error("consumer stopped", "err", err)
		cleanup()
		os.Exit(1)
	}
}
