// Command api serves the ramp tablets, the dispatcher console, the ad-hoc
// sales desk and the partner webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/adhoc"
	"github.com/apronworks/groundops/internal/app"
	"github.com/apronworks/groundops/internal/config"
	"github.com/apronworks/groundops/internal/crew"
	"github.com/apronworks/groundops/internal/deicing"
	"github.com/apronworks/groundops/internal/fuel"
	"github.com/apronworks/groundops/internal/httpapi"
	"github.com/apronworks/groundops/internal/payments"
	"github.com/apronworks/groundops/internal/providers/pager"
	"github.com/apronworks/groundops/internal/tasks"
	"github.com/apronworks/groundops/internal/turnaround"
)

func main() {
	fx.New(
		app.Core,
		app.Partners,
		app.Services,
		fx.Provide(newHandlers, newRouter),
		fx.Invoke(app.Migrate, serve),
	).Run()
}

func newHandlers(
	cfg *config.Config,
	ts *turnaround.Service,
	cs *crew.Service,
	tk *tasks.Service,
	fs *fuel.Service,
	ds *deicing.Service,
	as *adhoc.Service,
	gw *payments.StripeGateway,
	pg *pager.Client,
) httpapi.Handlers {
	return httpapi.Handlers{
		Turnarounds: &httpapi.TurnaroundHandlers{Turnarounds: ts, Crew: cs, Pager: pg},
		Tasks:       &httpapi.TaskHandlers{Tasks: tk},
		Ops:         &httpapi.OpsHandlers{Fuel: fs, Deicing: ds},
		Adhoc:       &httpapi.AdhocHandlers{Orders: as},
		Webhooks: &httpapi.WebhookHandlers{
			Stripe:     gw,
			Adhoc:      as,
			Fuel:       fs,
			FuelSecret: cfg.FuelWebhookSecret,
		},
	}
}

func newRouter(db *gorm.DB, h httpapi.Handlers) http.Handler {
	return httpapi.NewRouter(db, h)
}

func serve(lc fx.Lifecycle, cfg *config.Config, h http.Handler) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", cfg.HTTPAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					slog.Error("http server stopped", "err", err)
				}
			}()
			slog.Info("api listening", "addr", cfg.HTTPAddr)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return srv.Shutdown(ctx)
		},
	})
}
