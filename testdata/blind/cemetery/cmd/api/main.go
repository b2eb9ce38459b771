// Command api serves the staff and family-portal API and the inbound
// Stripe and funeral-home webhooks.
package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/app"
	"github.com/hollowpine-memorial/plotkeeper/internal/config"
	"github.com/hollowpine-memorial/plotkeeper/internal/httpapi"
	"github.com/hollowpine-memorial/plotkeeper/internal/platform/postgres"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

func main() {
	fx.New(
		app.Base,
		app.Providers,
		app.Services,
		fx.Provide(
			httpapi.AsRoutes(httpapi.NewReservationHandler),
			httpapi.AsRoutes(httpapi.NewIntermentHandler),
			httpapi.AsRoutes(httpapi.NewEngravingHandler),
			httpapi.AsRoutes(httpapi.NewCareHandler),
			httpapi.AsRoutes(httpapi.NewPlotHandler),
			httpapi.AsRoutes(httpapi.NewMessageHandler),
			httpapi.AsRoutes(newWebhookHandler),
			httpapi.NewRouter,
			newServer,
		),
		fx.Invoke(migrate),
		fx.Invoke(func(*http.Server) {}),
	).Run()
}

func newWebhookHandler(cfg config.Config, stripeEvents service.StripeEvents, partner service.PartnerEvents, log *zap.Logger) *httpapi.WebhookHandler {
	return httpapi.NewWebhookHandler(httpapi.WebhookOptions{
		Stripe:        stripeEvents,
		Partner:       partner,
		StripeSecret:  cfg.StripeWebhookSecret,
		PartnerSecret: cfg.FuneralHomeWebhookSecret,
		Logger:        log.Named("webhooks"),
	})
}

// migrate applies the schema before the server starts taking traffic.
func migrate(lc fx.Lifecycle, db *sqlx.DB, log *zap.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return postgres.Migrate(db, log) },
	})
}

func newServer(lc fx.Lifecycle, cfg config.Config, h http.Handler, log *zap.Logger) *http.Server {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			log.Info("listening", zap.String("addr", srv.Addr))
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", zap.Error(err))
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
