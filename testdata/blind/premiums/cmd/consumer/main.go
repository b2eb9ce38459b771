// Command consumer processes domain events from Kafka.
package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/app"
	"github.com/pawsure/premiums/internal/config"
	"github.com/pawsure/premiums/internal/consumer"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("consumer exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	c, err := app.New(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.InitRiver(&river.Config{}); err != nil {
		return err
	}

	handlers := consumer.Handlers(consumer.Services{
		Claims:    c.Claims,
		Billing:   c.Billing,
		Customers: c.Customers,
		Log:       log,
	})
	cons, err := consumer.New(cfg.KafkaBrokers, cfg.KafkaGroup, handlers, log)
	if err != nil {
		return err
	}
	log.Info("consumer started", "group", cfg.KafkaGroup)
	return cons.Run(ctx)
}
