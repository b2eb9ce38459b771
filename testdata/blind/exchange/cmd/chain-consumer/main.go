// Command chain-consumer applies chain-watcher events to deposits and
// withdrawals.
package main

import (
	"context"
	"log"
	"os/signal"
	"syscall"

	"github.com/halyard/funding/internal/config"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		log.Fatalf("config: %v", err)
	}
	c, cleanup, err := initializeConsumer(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	c.log.Info("chain-consumer started", "group", cfg.Kafka.GroupID)
	if err := c.consumer.Run(ctx); err != nil {
		c.log.Error("consumer stopped", "err", err)
	}
}
