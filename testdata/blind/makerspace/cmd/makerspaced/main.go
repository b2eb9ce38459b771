// Command makerspaced runs the Kerfhall back end: the HTTP API, the JetStream
// consumers for machine meters and billing, and the Temporal worker that talks
// to the door-access vendor.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/kerfhall/makerspace/internal/config"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(2)
	}
	a, cleanup, err := initializeApp(ctx, cfg)
	if err != nil {
		slog.Error("startup", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := a.Run(ctx); err != nil {
		slog.Error("exit", "err", err)
		cleanup()
		os.Exit(1)
	}
}
