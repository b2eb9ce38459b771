// Command taproute runs the wholesale distribution service: the REST API,
// the JetStream consumers, the asynq worker and the outbox relay.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/ironkettle/taproute/internal/app"
	"github.com/ironkettle/taproute/internal/config"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})))

	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := app.Initialize(ctx, cfg)
	if err != nil {
		slog.Error("initialize", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := a.Run(ctx); err != nil {
		slog.Error("run", "err", err)
		cleanup()
		os.Exit(1)
	}
}
