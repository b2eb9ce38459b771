// Command api serves the pharmacy HTTP API and partner webhooks.
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

	"github.com/cedarleaf/pharmacy/internal/app"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/store"
)

func main() {
	if err := run(); err != nil {
		slog.Error("api exited", slog.Any("err", err))
		os.Exit(1)
	}
}

func run() error {
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	log := logx.New("pharmacy-api", cfg.LogLevel)
	slog.SetDefault(log)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pool, err := app.NewPool(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()

	riverClient, err := app.NewInsertOnlyClient(pool, log)
	if err != nil {
		return err
	}

	st := store.New(pool)
	services := app.NewServices(st, riverClient, app.NewProviders(cfg), cfg)
	handler := app.NewHandler(services, cfg, log)

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           handler.Routes(),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      45 * time.Second,
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("listening", slog.String("addr", cfg.HTTPAddr))
		errc <- srv.ListenAndServe()
	}()

	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
