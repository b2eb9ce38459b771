// Command api serves the refills HTTP API and provider webhooks.
package main

import (
	"context"
	"log"
	"os/signal"
	"syscall"

	"github.com/scriptline/refills/internal/app"
	"github.com/scriptline/refills/internal/config"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatalf("config: %v", err)
	}
	api, cleanup, err := app.InitializeAPI(cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	errc := make(chan error, 1)
	go func() { errc <- api.Server.Start() }()
	api.Log.Info("api listening", "addr", cfg.HTTPAddr)

	select {
	case err := <-errc:
		if err != nil {
			api.Log.Error("server stopped", "err", err)
		}
	case <-ctx.Done():
		if err := api.Server.Shutdown(context.Background()); err != nil {
			api.Log.Error("shutdown", "err", err)
		}
	}
}
