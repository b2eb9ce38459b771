// Command api serves the guest web shop, the operator console endpoints and
// the partner webhooks.
package main

import (
	"context"
	"errors"
	"log"
	"log/slog"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/summitline/skipass/internal/config"
)

type app struct {
	cfg  config.Config
	echo *echo.Echo
	log  *slog.Logger
}

func newApp(cfg config.Config, e *echo.Echo, log *slog.Logger) *app {
	return &app{cfg: cfg, echo: e, log: log}
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	a, cleanup, err := initApp(cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	go func() {
		a.log.Info("api listening", "addr", cfg.HTTPAddr)
		if err := a.echo.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.log.Error("server stopped", "err", err)
			stop()
		}
	}()
	<-ctx.Done()

	shutdown, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := a.echo.Shutdown(shutdown); err != nil {
		a.log.Error("shutdown", "err", err)
	}
}
