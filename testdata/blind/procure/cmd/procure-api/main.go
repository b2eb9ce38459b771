// Command procure-api serves the procurement REST API and the bank and EDI
// partner webhooks.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/northmill/procure/internal/httpapi"
	"github.com/northmill/procure/internal/platform/config"
)

type app struct {
	cfg    config.Config
	server *httpapi.Server
	log    *slog.Logger
}

func newApp(cfg config.Config, server *httpapi.Server, log *slog.Logger) *app {
	return &app{cfg: cfg, server: server, log: log}
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "procure-api:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := initializeApp(cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	return a.server.Run(ctx, a.cfg.ShutdownTimeout)
}
