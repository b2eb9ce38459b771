// Command claimsd runs the Harborline claims platform: the HTTP API, the
// RabbitMQ and SQS consumers, the River job workers and the outbox relay.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/harborline/claims/internal/config"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	slog.SetDefault(log)

	cfg, err := config.FromEnv()
	if err != nil {
		log.Error("load config", "err", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	app, cleanup, err := InitializeApp(ctx, cfg, log)
	if err != nil {
		log.Error("initialise", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := app.Run(ctx); err != nil {
		log.Error("claimsd stopped", "err", err)
		os.Exit(1)
	}
}
