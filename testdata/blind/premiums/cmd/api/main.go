// Command api serves the public API, the adjuster console API and all
// inbound partner/provider webhooks.
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

	"github.com/gorilla/mux"
	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/app"
	"github.com/pawsure/premiums/internal/config"
	"github.com/pawsure/premiums/internal/httpapi"
	"github.com/pawsure/premiums/internal/webhooks"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log); err != nil {
		log.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	c, err := app.New(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.InitRiver(&river.Config{}); err != nil {
		return err
	}

	r := mux.NewRouter()
	httpapi.Mount(r, httpapi.Services{
		Quotes:      c.Quotes,
		Policies:    c.Policies,
		Claims:      c.Claims,
		Billing:     c.Billing,
		Idempotency: c.Idempotency,
		Log:         log,
	})
	webhooks.Mount(r, webhooks.Services{
		Claims:              c.Claims,
		Partners:            c.Partners,
		Payouts:             c.Payouts,
		Billing:             c.Billing,
		Notify:              c.Notify,
		Log:                 log,
		VetNetSecret:        cfg.VetNetWebhookSecret,
		BankSigningKey:      cfg.BankSigningKey,
		StripeWebhookSecret: cfg.StripeWebhookSecret,
	})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           r,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("api listening", "addr", cfg.HTTPAddr)
		errc <- srv.ListenAndServe()
	}()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
