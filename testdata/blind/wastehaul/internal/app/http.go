package app

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/fx"

	"github.com/haulcore/wastehaul/internal/api"
	"github.com/haulcore/wastehaul/internal/config"
	"github.com/haulcore/wastehaul/internal/idempotency"
	"github.com/haulcore/wastehaul/internal/service/billing"
	"github.com/haulcore/wastehaul/internal/service/dispatch"
	"github.com/haulcore/wastehaul/internal/service/tickets"
	"github.com/haulcore/wastehaul/internal/webhooks"
)

// asRoutes annotates a handler-group constructor into the "routes" group.
func asRoutes(f any) any {
	return fx.Annotate(f, fx.As(new(api.Routes)), fx.ResultTags(`group:"routes"`))
}

// HTTP provides the router, every handler group and the server.
var HTTP = fx.Module("http",
	fx.Provide(
		api.NewRouter,
		idempotency.NewReplayer,

		asRoutes(api.NewCustomerHandler),
		asRoutes(api.NewRentalHandler),
		asRoutes(api.NewPickupHandler),
		asRoutes(api.NewInvoiceHandler),
		asRoutes(api.NewTicketHandler),
		asRoutes(api.NewDispatchHandler),
		asRoutes(api.NewDisposalHandler),
		asRoutes(newScaleReceiver),
		asRoutes(newPaymentsReceiver),
		asRoutes(newSMSReceiver),
	),
	fx.Invoke(
		fx.Annotate(api.Mount, fx.ParamTags(``, `group:"routes"`)),
		startServer,
	),
)

func newScaleReceiver(cfg config.Config, svc tickets.Service, log *slog.Logger) *webhooks.ScaleReceiver {
	return webhooks.NewScaleReceiver(cfg.ScaleWebhookSecret, svc, log)
}

func newPaymentsReceiver(cfg config.Config, b billing.Service, log *slog.Logger) *webhooks.PaymentsReceiver {
	return webhooks.NewPaymentsReceiver(cfg.PaymentsWebhookSecret, b, log)
}

func newSMSReceiver(cfg config.Config, svc dispatch.Service, log *slog.Logger) *webhooks.SMSReceiver {
	return webhooks.NewSMSReceiver(cfg.SMSWebhookSecret, os.Getenv("PUBLIC_BASE_URL"), svc, log)
}

func startServer(lc fx.Lifecycle, cfg config.Config, r chi.Router, log *slog.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           r,
		ReadHeaderTimeout: 10 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			log.Info("http listening", "addr", ln.Addr().String())
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server", "err", err)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return srv.Shutdown(ctx)
		},
	})
}
