// Command titleapi serves the title and escrow HTTP API.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/cobaltmesa/titleworks/internal/config"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})))
	cfg := config.Load()

	srv, cleanup, err := initServer(cfg)
	if err != nil {
		slog.Error("init failed", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := srv.run(ctx); err != nil {
		slog.Error("server stopped", "err", err)
		cleanup()
		os.Exit(1)
	}
}
