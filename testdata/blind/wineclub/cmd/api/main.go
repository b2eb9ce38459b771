// Command api serves the wine club HTTP API and the provider webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/vinoteca/wineclub/internal/config"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	slog.SetDefault(log)
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	srv, cleanup, err := initializeServer(cfg, log)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	srv.http.ReadHeaderTimeout = 10 * time.Second
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		if err := srv.http.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("serve", "err", err)
			stop()
		}
	}()
	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.http.Shutdown(shutdownCtx); err != nil {
		log.Error("shutdown", "err", err)
	}
}
