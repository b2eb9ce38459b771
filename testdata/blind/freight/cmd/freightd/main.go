// Command freightd runs the freight-forwarding API, the carrier feed
// consumers, the dock-request workers and the background job runner.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/acme/freight/internal/config"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})))

	cfg, err := config.Load()
	if err != nil {
		slog.Error("load config", "err", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	app, cleanup, err := initializeApp(ctx, cfg)
	if err != nil {
		slog.Error("initialise", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := app.Run(ctx); err != nil {
		slog.Error("freightd stopped with error", "err", err)
		os.Exit(1)
	}
}
