// Command api serves the RefillRx HTTP API: the owner app, the clinic portal,
// pharmacy staff tools and inbound webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"github.com/kestrelvet/refillrx/internal/config"
	"github.com/kestrelvet/refillrx/internal/controlled"
	"github.com/kestrelvet/refillrx/internal/fulfilment"
	"github.com/kestrelvet/refillrx/internal/httpapi"
	"github.com/kestrelvet/refillrx/internal/orders"
	"github.com/kestrelvet/refillrx/internal/platform"
	"github.com/kestrelvet/refillrx/internal/refills"
	"github.com/kestrelvet/refillrx/internal/repo"
	"github.com/kestrelvet/refillrx/internal/shipping"
	"github.com/kestrelvet/refillrx/internal/webhooks"
)

func main() {
	fx.New(
		platform.Module,
		fx.Provide(
			func(r *refills.Service, o *orders.Service) *httpapi.OwnerHandler {
				return httpapi.NewOwnerHandler(r, o)
			},
			func(r *refills.Service) *httpapi.ClinicHandler { return httpapi.NewClinicHandler(r) },
			func(d *fulfilment.Dispenser, o *orders.Service) *httpapi.StaffHandler {
				return httpapi.NewStaffHandler(d, o)
			},
			func(cfg config.Config, s *webhooks.StripeEvents, sh *shipping.Service, cf *webhooks.ClinicFeed) *httpapi.WebhookHandler {
				return httpapi.NewWebhookHandler(s, sh, cf, httpapi.WebhookSecrets{
					Stripe: cfg.StripeWebhookSecret, Courier: cfg.CourierWebhookKey,
				})
			},
			newRouter,
		),
		// The reporter is only used by the worker; keep the graph honest about it.
		fx.Invoke(func(*controlled.Reporter) {}),
		fx.Invoke(serve),
	).Run()
}

func newRouter(owner *httpapi.OwnerHandler, clinic *httpapi.ClinicHandler, staff *httpapi.StaffHandler,
	hooks *httpapi.WebhookHandler, keys *repo.IdempotencyKeys, log *slog.Logger) *gin.Engine {
	return httpapi.NewRouter(httpapi.RouterParams{
		Owner: owner, Clinic: clinic, Staff: staff, Webhooks: hooks, Responses: keys, Log: log,
	})
}

func serve(lc fx.Lifecycle, cfg config.Config, router *gin.Engine, log *slog.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			log.Info("http listening", "addr", srv.Addr)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			ctx, cancel := context.WithTimeout(ctx, cfg.ShutdownTimeout)
			defer cancel()
			return srv.Shutdown(ctx)
		},
	})
}
