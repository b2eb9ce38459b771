// Command billing-api serves the advertiser, campaign, invoice and payout
// HTTP API and the payment gateway webhook.
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

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/dig"

	"github.com/brightlane/adbilling/internal/api"
	"github.com/brightlane/adbilling/internal/app"
	"github.com/brightlane/adbilling/internal/config"
	"github.com/brightlane/adbilling/internal/service"
)

func main() {
	c, err := app.New()
	if err != nil {
		slog.Error("build container", "err", err)
		os.Exit(1)
	}
	if err := provideHTTP(c); err != nil {
		slog.Error("register http providers", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("billing-api stopped", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

func provideHTTP(c *dig.Container) error {
	bindings := []any{
		func(s *service.AdvertiserService) api.Advertisers { return s },
		func(s *service.TopUpService) api.TopUps { return s },
		func(s *service.CampaignService) api.Campaigns { return s },
		func(s *service.InvoiceService) api.Invoices { return s },
		func(s *service.PayoutService) api.Payouts { return s },
		api.NewHandlers,
		api.NewRouter,
	}
	for _, b := range bindings {
		if err := c.Provide(b); err != nil {
			return err
		}
	}
	return nil
}

func run(cfg *config.Config, handler http.Handler, pool *pgxpool.Pool, log *slog.Logger) error {
	defer pool.Close()

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	errCh := make(chan error, 1)
	go func() {
		log.Info("billing-api listening", "addr", cfg.HTTPAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errCh <- err
		}
		close(errCh)
	}()

	select {
	case err := <-errCh:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
