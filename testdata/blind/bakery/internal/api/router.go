package api

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/config"
	"github.com/crumbworks/ovenline/internal/platform/database"
)

// RouterParams are the dependencies of the HTTP router.
type RouterParams struct {
	fx.In

	Config      config.Config
	DB          *database.DB
	Responses   ResponseStore
	Log         *slog.Logger
	Orders      OrderService
	Standing    StandingOrderService
	Collections CollectionService
	Credits     CreditService
	Purchasing  PurchasingService
	Deliveries  DeliveryService
}

// NewRouter builds the chi router.
func NewRouter(p RouterParams) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Logger, middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	r.Post("/webhooks/debitline", debitlineWebhook(p.Collections, p.Config.WebhookSecret, p.Log))

	orders := OrderHandler{Orders: p.Orders}
	billing := BillingHandler{Collections: p.Collections, Credits: p.Credits}
	deliveries := DeliveryHandler{Deliveries: p.Deliveries}
	getPO, submitPO := purchaseOrderRoutes(p.Purchasing)

	r.Route("/v1", func(r chi.Router) {
		r.Group(func(r chi.Router) {
			r.Use(requireBearer(p.Config.APIToken))

			r.Post("/orders", orders.Place)
			r.Get("/orders/{orderID}", orders.Get())
			r.Post("/orders/{orderID}/cancel", orders.Cancel)

			r.Post("/customers/{customerID}/standing-orders", createStandingOrder(p.Standing))

			r.Post("/invoices/{invoiceID}/card-payments", billing.PayByCard)
			r.With(idempotent(p.DB, p.Responses, "credit_notes", p.Log)).Post("/credit-notes", billing.IssueCredit())
			r.Post("/credit-notes/{creditNoteID}/refund", billing.RefundCredit())

			r.Get("/purchase-orders/{poID}", getPO)
			r.Post("/purchase-orders/{poID}/submit", submitPO)

			r.Post("/routes/{routeID}/dispatch", deliveries.Dispatch)
		})

		r.Group(func(r chi.Router) {
			r.Use(requireBearer(p.Config.DriverToken))
			r.Post("/deliveries/{deliveryID}/proof", deliveries.Proof)
		})
	})
	return r
}

// NewServer builds the HTTP server and ties it to the fx lifecycle.
func NewServer(lc fx.Lifecycle, cfg config.Config, h http.Handler, log *slog.Logger) *http.Server {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       20 * time.Second,
		WriteTimeout:      40 * time.Second,
		IdleTimeout:       2 * time.Minute,
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
					log.Error("http server stopped", "err", err)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error {
			ctx, cancel := context.WithTimeout(ctx, cfg.ShutdownTimeout)
			defer cancel()
			return srv.Shutdown(ctx)
		},
	})
	return srv
}

// Module provides the router and server.
var Module = fx.Module("api",
	fx.Provide(NewRouter, NewServer),
	fx.Invoke(func(*http.Server) {}),
)
