// Command api serves the artist portal, partner and back-office API.
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

	"github.com/soundledger/artistpay/internal/api"
	"github.com/soundledger/artistpay/internal/config"
)

type app struct {
	cfg    config.Config
	server *api.Server
}

func newApp(cfg config.Config, server *api.Server) *app {
	return &app{cfg: cfg, server: server}
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	a, cleanup, err := initializeApp(cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	go func() {
		slog.Info("api listening", "addr", a.cfg.HTTPAddr)
		if err := a.server.Start(a.cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			slog.Error("api server", "err", err)
			stop()
		}
	}()
	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := a.server.Shutdown(shutdownCtx); err != nil {
		slog.Error("shutdown", "err", err)
	}
}
