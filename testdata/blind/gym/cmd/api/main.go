// Command api serves the public member API (echo) and the partner webhooks
// (net/http) on separate listeners.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	echomw "github.com/labstack/echo/v4/middleware"
	"go.uber.org/fx"

	"github.com/pulsefit/memberships/internal/access"
	"github.com/pulsefit/memberships/internal/billing"
	"github.com/pulsefit/memberships/internal/classes"
	"github.com/pulsefit/memberships/internal/config"
	"github.com/pulsefit/memberships/internal/guests"
	"github.com/pulsefit/memberships/internal/httpapi"
	"github.com/pulsefit/memberships/internal/idem"
	"github.com/pulsefit/memberships/internal/membership"
	"github.com/pulsefit/memberships/internal/notify"
	"github.com/pulsefit/memberships/internal/platform"
	"github.com/pulsefit/memberships/internal/training"
	"github.com/pulsefit/memberships/internal/webhooks"
)

func main() {
	fx.New(
		platform.Module,
		platform.Providers,
		fx.Provide(
			idem.NewStore,
			fx.Annotate(membership.NewService, fx.As(new(httpapi.MembershipService))),
			fx.Annotate(classes.NewService, fx.As(new(httpapi.ClassService))),
			fx.Annotate(guests.NewService, fx.As(new(httpapi.GuestService))),
			training.NewLedger,
			fx.Annotate(training.NewService, fx.As(new(httpapi.TrainingService))),
			fx.Annotate(access.NewService, fx.As(new(httpapi.AccessService)), fx.As(new(webhooks.CardEvents))),
			fx.Annotate(billing.NewService, fx.As(new(webhooks.StripeEvents))),
			fx.Annotate(notify.NewService, fx.As(new(webhooks.DeliveryReceipts))),
			httpapi.New,
			webhooks.NewMux,
			newEcho,
		),
		fx.Invoke(serve),
	).Run()
}

func newEcho(api *httpapi.API) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.Use(echomw.Recover())
	e.Use(echomw.RequestID())
	e.Use(echomw.BodyLimit("256K"))
	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	api.Register(e)
	return e
}

func serve(lc fx.Lifecycle, cfg config.Config, e *echo.Echo, hooks *http.ServeMux, log *slog.Logger) {
	whSrv := &http.Server{Addr: cfg.WebhookAddr, Handler: hooks, ReadHeaderTimeout: 5 * time.Second}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			apiLn, err := net.Listen("tcp", cfg.APIAddr)
			if err != nil {
				return err
			}
			whLn, err := net.Listen("tcp", cfg.WebhookAddr)
			if err != nil {
				return err
			}
			e.Listener = apiLn
			go func() {
				if err := e.Start(""); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("api server", "err", err)
				}
			}()
			go func() {
				if err := whSrv.Serve(whLn); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("webhook server", "err", err)
				}
			}()
			log.Info("listening", "api", cfg.APIAddr, "webhooks", cfg.WebhookAddr)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return errors.Join(e.Shutdown(ctx), whSrv.Shutdown(ctx))
		},
	})
}
