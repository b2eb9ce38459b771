// Package httpapi assembles the chi router and the HTTP server.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	chimw "github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"

	"github.com/quaymark/terminal-ops/internal/config"
	"github.com/quaymark/terminal-ops/internal/httpapi/handlers"
	"github.com/quaymark/terminal-ops/internal/httpapi/middleware"
)

// RouterParams are the router's dependencies.
type RouterParams struct {
	fx.In

	Config       *config.Config
	Vessels      handlers.VesselService
	Appointments handlers.AppointmentService
	Yard         handlers.YardService
	Customs      handlers.CustomsService
	Payments     handlers.PaymentService
	Stripe       handlers.WebhookVerifier
	Partner      handlers.PartnerInbound
	Idempotency  middleware.IdempotencyStore
}

// NewRouter builds the API routes.
func NewRouter(p RouterParams) http.Handler {
	r := chi.NewRouter()
	r.Use(chimw.RequestID, chimw.RealIP, chimw.Recoverer, chimw.Timeout(30*time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/v1", func(r chi.Router) {
		r.Post("/vessel-calls", handlers.CreateVesselCall(p.Vessels))
		r.Post("/vessel-calls/{callID}/berth", handlers.ConfirmBerth(p.Vessels))

		r.Post("/appointments", handlers.BookAppointment(p.Appointments))
		r.Post("/appointments/{id}/cancel", handlers.CancelAppointment(p.Appointments))

		r.Route("/yard/allocations", func(r chi.Router) {
			r.With(middleware.Idempotency(p.Idempotency)).Post("/", handlers.AllocateSlot(p.Yard))
			r.Post("/{id}/release", handlers.ReleaseAllocation(p.Yard))
		})

		r.Post("/invoices/{invoiceID}/payments", handlers.PayInvoice(p.Payments))
		r.Post("/invoices/{invoiceID}/credit-notes", handlers.IssueCreditNote(p.Payments))
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.With(middleware.BrokerSignature(p.Config.CustomsHMAC)).Post("/customs", handlers.CustomsWebhook(p.Customs))
		r.Post("/stripe", handlers.StripeWebhook(p.Stripe, p.Payments))
	})

	r.Route("/partner/v1", func(r chi.Router) {
		r.Use(middleware.PartnerAuth(p.Config.PartnerKeys))
		r.Post("/coparn", handlers.PostCOPARN(p.Partner))
	})
	return r
}

// StartServer runs the HTTP server for the lifetime of the fx app.
func StartServer(lc fx.Lifecycle, cfg *config.Config, h http.Handler) {
	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: h, ReadHeaderTimeout: 5 * time.Second}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", cfg.HTTPAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					slog.Error("http server", "err", err)
				}
			}()
			slog.Info("http listening", "addr", cfg.HTTPAddr)
			return nil
		},
		OnStop: srv.Shutdown,
	})
}
