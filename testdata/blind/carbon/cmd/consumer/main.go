// Command consumer applies registry partner events from NATS JetStream.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/terravault/carbonreg/internal/app"
	"github.com/terravault/carbonreg/internal/config"
	"github.com/terravault/carbonreg/internal/consumer"
)

type consumerApp struct {
	runner *consumer.Runner
	log    *slog.Logger
}

func newConsumerApp(r *consumer.Runner, log *slog.Logger) *consumerApp {
	return &consumerApp{runner: r, log: log}
}

func main() {
	log := app.Logger("consumer")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	c, cleanup, err := initializeConsumer(ctx, cfg, log)
	if err != nil {
		log.Error("startup", "err", err)
		os.Exit(1)
	}
	defer cleanup()
	if err := c.runner.Run(ctx); err != nil {
		c.log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
