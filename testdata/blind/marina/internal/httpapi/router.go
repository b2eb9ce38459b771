// Package httpapi is the marina's HTTP API: staff and partner endpoints
// grouped per resource, plus provider webhooks.
package httpapi

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/config"
)

// Handlers groups every resource handler mounted by the router.
type Handlers struct {
	fx.In

	Reservations *ReservationHandler
	Contracts    *ContractHandler
	Fuel         *FuelHandler
	WorkOrders   *WorkOrderHandler
	Power        *PowerHandler
	Payments     *PaymentHandler
	Broadcasts   *BroadcastHandler
	Webhooks     *WebhookHandler
}

// NewRouter mounts the API.
func NewRouter(h Handlers) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/v1", func(r chi.Router) {
		r.Use(StaffUser)
		r.Route("/reservations", h.Reservations.Routes)
		r.Route("/seasonal-contracts", h.Contracts.Routes)
		r.Route("/fuel", h.Fuel.Routes)
		r.Route("/workorders", h.WorkOrders.Routes)
		r.Route("/power", h.Power.Routes)
		r.Route("/payments", h.Payments.Routes)
		r.Route("/broadcasts", h.Broadcasts.Routes)
	})
	r.Route("/webhooks", h.Webhooks.Routes)
	return r
}

// Module provides the handlers and runs the HTTP server.
var Module = fx.Module("httpapi",
	fx.Provide(
		NewReservationHandler,
		NewContractHandler,
		NewFuelHandler,
		NewWorkOrderHandler,
		NewPowerHandler,
		NewPaymentHandler,
		NewBroadcastHandler,
		NewWebhookHandler,
		NewRouter,
	),
	fx.Invoke(runServer),
)

func runServer(lc fx.Lifecycle, cfg *config.Config, handler http.Handler, log *zap.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			log.Info("http listening", zap.String("addr", srv.Addr))
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server", zap.Error(err))
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return srv.Shutdown(ctx)
		},
	})
}
