// Command webhooks receives PayRail and TaxVault callbacks.
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

	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/webhooks"
)

type app struct {
	addr   string
	server *webhooks.Server
}

func newApp(cfg config.Config, server *webhooks.Server) *app {
	addr := cfg.HTTPAddr
	if v := os.Getenv("WEBHOOKS_ADDR"); v != "" {
		addr = v
	}
	return &app{addr: addr, server: server}
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
		slog.Info("webhooks listening", "addr", a.addr)
		if err := a.server.Start(a.addr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			slog.Error("webhooks server", "err", err)
			stop()
		}
	}()
	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = a.server.Shutdown(shutdownCtx)
}
