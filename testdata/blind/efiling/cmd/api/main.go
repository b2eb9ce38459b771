// Command api serves the firm-facing REST API and provider webhooks.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/docketly/efile/internal/api"
	"github.com/docketly/efile/internal/config"
	"github.com/docketly/efile/internal/providers/gateway"
	"github.com/docketly/efile/internal/providers/processserver"
	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/store"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "api:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	a, cleanup, err := initializeApp(ctx, cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	errc := make(chan error, 1)
	go func() {
		a.log.Info("listening", "addr", a.srv.Addr)
		if err := a.srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
		close(errc)
	}()

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return a.srv.Shutdown(shutdownCtx)
}

type app struct {
	srv *http.Server
	log *slog.Logger
}

func newRouter(
	cfg *config.Config,
	log *slog.Logger,
	st *store.Store,
	gw *gateway.Client,
	ps *processserver.Client,
	auth *service.Auth,
	filings *service.Filings,
	fees *service.Fees,
	sop *service.ServiceOfProcess,
	subs *service.Subscriptions,
	payEvents *service.PaymentEvents,
	gwEvents *service.GatewayEvents,
	serveEvents *service.ServeEvents,
) *api.Router {
	return &api.Router{
		Auth:    auth,
		Filings: &api.FilingHandlers{Filings: filings, Fees: fees, Log: log},
		Service: &api.ServiceHandlers{Service: sop, Subscriptions: subs, Log: log},
		Webhooks: &api.WebhookHandlers{
			Stripe:        payEvents,
			StripeSecret:  cfg.StripeWebhookSecret,
			Gateway:       gwEvents,
			VerifyGateway: gw.VerifyCallback,
			Serve:         serveEvents,
			VerifyServe:   ps.VerifySignature,
			Log:           log,
		},
		Responses: api.PGResponseStore{DB: st.Pool},
		Log:       log,
	}
}

func newApp(cfg *config.Config, log *slog.Logger, r *api.Router) *app {
	return &app{
		srv: &http.Server{
			Addr:              cfg.HTTPAddr,
			Handler:           r.Engine(),
			ReadHeaderTimeout: 10 * time.Second,
			ReadTimeout:       60 * time.Second,
			WriteTimeout:      90 * time.Second,
		},
		log: log,
	}
}
