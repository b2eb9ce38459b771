// Command api serves the attendee app, staff devices, POS terminals, the
// vendor portal and the PayBridge webhooks.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

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

	srv, cleanup, err := initServer(ctx, cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	slog.Info("api listening", "addr", cfg.HTTPAddr)
	if err := srv.Start(); err != nil {
		slog.Error("serve", "err", err)
		os.Exit(1)
	}
}
