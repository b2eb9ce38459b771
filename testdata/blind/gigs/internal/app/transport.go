package app

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/fx"

	"github.com/gigbridge/escrow/internal/config"
	"github.com/gigbridge/escrow/internal/gen/escrow/v1/escrowv1connect"
	"github.com/gigbridge/escrow/internal/rpc"
	"github.com/gigbridge/escrow/internal/service"
	"github.com/gigbridge/escrow/internal/store"
	"github.com/gigbridge/escrow/internal/webhook"
)

// route is one mounted handler.
type route struct {
	pattern string
	handler http.Handler
}

func newRoutes(
	cfg config.Config,
	milestones service.Milestones,
	work service.Work,
	disputes service.Disputes,
	payouts service.Payouts,
	fx service.FX,
	tax service.Tax,
	keys *store.IdempotencyKeys,
	events *store.WebhookEvents,
	reg *prometheus.Registry,
	now func() time.Time,
	log *slog.Logger,
) []route {
	opts := rpc.HandlerOptions(rpc.LoggingInterceptor(log))
	var routes []route
	add := func(pattern string, h http.Handler) { routes = append(routes, route{pattern, h}) }

	add(escrowv1connect.NewEscrowServiceHandler(rpc.NewEscrowHandler(milestones, work), opts...))
	add(escrowv1connect.NewDisputeServiceHandler(rpc.NewDisputeHandler(disputes, keys), opts...))
	add(escrowv1connect.NewPayoutServiceHandler(rpc.NewPayoutHandler(payouts, fx, tax), opts...))

	add("/webhooks/payments", webhook.NewPaymentsHandler(cfg.PaymentsWebhookSecret, milestones, events, now, log))
	add("/webhooks/payouts", webhook.NewPayoutsHandler(cfg.PayoutsWebhookSecret, payouts, now, log))
	add("/webhooks/taxforms", webhook.NewTaxFormsHandler(cfg.TaxFormsWebhookSecret, tax, log))

	add("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	add("/healthz", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) }))
	return routes
}

func newServer(lc fx.Lifecycle, cfg config.Config, routes []route, log *slog.Logger) *http.Server {
	mux := http.NewServeMux()
	for _, r := range routes {
		mux.Handle(r.pattern, r.handler)
	}
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
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
			log.Info("http server listening", "addr", srv.Addr)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return srv.Shutdown(ctx)
		},
	})
	return srv
}
