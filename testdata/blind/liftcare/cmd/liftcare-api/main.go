// Command liftcare-api serves the LiftCare REST API and partner webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/liftwell-systems/liftcare/internal/platform/config"
	"github.com/liftwell-systems/liftcare/internal/platform/logging"
	"github.com/liftwell-systems/liftcare/internal/platform/migrator"
)

//go:generate go run -mod=mod github.com/google/wire/cmd/wire

func main() {
	log := logging.New("api")
	if err := run(log); err != nil {
		log.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	if os.Getenv("LIFTCARE_MIGRATE_ON_START") == "1" {
		if err := migrator.Up(cfg.DatabaseURL, log); err != nil {
			return err
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	api, cleanup, err := initAPI(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer cleanup()

	errc := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		if err := api.Echo.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
		close(errc)
	}()

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownTimeout)
	defer cancel()
	return api.Echo.Shutdown(shutdownCtx)
}
