// Command api serves the rider, technician and ops HTTP API and the Stripe
// webhook.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"github.com/kickvolt/ridecore/internal/app"
	"github.com/kickvolt/ridecore/internal/config"
	"github.com/kickvolt/ridecore/internal/httpapi"
	mw "github.com/kickvolt/ridecore/internal/httpapi/middleware"
	"github.com/kickvolt/ridecore/internal/jobs/queue"
	"github.com/kickvolt/ridecore/internal/service/billing"
	"github.com/kickvolt/ridecore/internal/service/fines"
	"github.com/kickvolt/ridecore/internal/service/passes"
	"github.com/kickvolt/ridecore/internal/service/rides"
	"github.com/kickvolt/ridecore/internal/service/swaps"
	"github.com/kickvolt/ridecore/internal/store"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		fx.Provide(
			app.NewInsertOnlyRiver,
			func(c *river.Client[pgx.Tx]) *queue.Queue { return queue.New(c) },
		),
		app.Services,
		fx.Provide(
			fx.Annotate(func(s *rides.Service) *rides.Service { return s }, fx.As(new(httpapi.RideService))),
			fx.Annotate(func(s *passes.Service) *passes.Service { return s }, fx.As(new(httpapi.PassService))),
			fx.Annotate(func(s *fines.Service) *fines.Service { return s }, fx.As(new(httpapi.FineService))),
			fx.Annotate(func(s *swaps.Service) *swaps.Service { return s }, fx.As(new(httpapi.SwapService))),
			fx.Annotate(func(s *billing.Service) *billing.Service { return s }, fx.As(new(httpapi.StripeEventHandler))),
			httpapi.NewRideHandler,
			httpapi.NewPassHandler,
			httpapi.NewFineHandler,
			httpapi.NewSwapHandler,
			func(ev httpapi.StripeEventHandler, cfg *config.Config, log *slog.Logger) *httpapi.WebhookHandler {
				return httpapi.NewWebhookHandler(ev, cfg.StripeWebhookSecret, log)
			},
			newAuthenticator,
			newRouter,
			newServer,
		),
		fx.Invoke(func(*http.Server) {}),
	).Run()
}

func newAuthenticator(r *store.Repos) *mw.Authenticator {
	return &mw.Authenticator{Lookup: r.Sessions.Lookup, Now: time.Now}
}

type routerParams struct {
	fx.In

	Rides    *httpapi.RideHandler
	Passes   *httpapi.PassHandler
	Fines    *httpapi.FineHandler
	Swaps    *httpapi.SwapHandler
	Webhooks *httpapi.WebhookHandler
	Auth     *mw.Authenticator
	Log      *slog.Logger
}

func newRouter(p routerParams) http.Handler {
	return httpapi.NewRouter(httpapi.Handlers{
		Rides:    p.Rides,
		Passes:   p.Passes,
		Fines:    p.Fines,
		Swaps:    p.Swaps,
		Webhooks: p.Webhooks,
	}, p.Auth, p.Log)
}

func newServer(lc fx.Lifecycle, cfg *config.Config, h http.Handler, log *slog.Logger) *http.Server {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			log.Info("http listening", "addr", srv.Addr)
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http serve", "err", err)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return srv.Shutdown(ctx)
		},
	})
	return srv
}
