// Command api serves the public marketplace API and the payment webhooks.
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

	"github.com/labstack/echo/v4"

	"github.com/encorelane/resale/internal/config"
)

type app struct {
	Server *echo.Echo
	Log    *slog.Logger
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("load config", "err", err)
		os.Exit(1)
	}
	a, cleanup, err := initializeApp(cfg)
	if err != nil {
		slog.Error("initialize", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	errc := make(chan error, 1)
	go func() {
		a.Log.Info("api listening", "addr", cfg.HTTPAddr)
		errc <- a.Server.Start(cfg.HTTPAddr)
	}()

	select {
	case err := <-errc:
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.Log.Error("server stopped", "err", err)
			cleanup()
			os.Exit(1)
		}
	case <-ctx.Done():
	}

	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := a.Server.Shutdown(shutdownCtx); err != nil {
		a.Log.Error("shutdown", "err", err)
	}
}
