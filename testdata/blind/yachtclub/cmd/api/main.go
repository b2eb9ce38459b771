// Command api serves the clubhouse HTTP API: member and office endpoints,
// the public guest-berth booking endpoints and provider webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/api"
	"github.com/tidewater-yc/clubhouse/internal/app"
	"github.com/tidewater-yc/clubhouse/internal/config"
	"github.com/tidewater-yc/clubhouse/internal/platform/kafka"
)

func main() {
	c, err := app.Build("clubhouse-api")
	if err != nil {
		slog.Error("container", "err", err)
		os.Exit(1)
	}
	if err := c.Provide(api.NewRouter); err != nil {
		slog.Error("container", "err", err)
		os.Exit(1)
	}
	err = c.Invoke(func(cfg *config.Config, h http.Handler, db *bun.DB, producer *kafka.Producer, log *slog.Logger) error {
		defer db.Close()
		defer producer.Close()
		return serve(cfg, h, log)
	})
	if err != nil {
		slog.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func serve(cfg *config.Config, h http.Handler, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: h}
	errc := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		errc <- srv.ListenAndServe()
	}()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
