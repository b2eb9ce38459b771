// Command consumer processes the FESTIVAL JetStream stream: POS sales
// batches and voids, tickets from the ticketing partner, and the events
// that trigger attendee notifications.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/loopgate/festival-cashless/internal/config"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	runner, cleanup, err := initRunner(ctx, cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := runner.Run(ctx); err != nil {
		slog.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
