package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/dig"

	"github.com/keystone-pm/rent/internal/httpx"
)

// Handlers groups every resource handler for routing.
type Handlers struct {
	dig.In

	Payments       *PaymentsHandler
	FundingSources *FundingSourcesHandler
	Autopay        *AutopayHandler
	Charges        *ChargesHandler
	Plans          *PlansHandler
	Maintenance    *MaintenanceHandler
	Payouts        *PayoutsHandler
	Reminders      *RemindersHandler
	Webhooks       *WebhooksHandler
	Log            *slog.Logger
}

// NewRouter wires the routes.
func NewRouter(h Handlers) http.Handler {
	r := chi.NewRouter()
	r.Use(httpx.RequestID)
	r.Use(middleware.RealIP)
	r.Use(httpx.AccessLog(h.Log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })

	r.Route("/v1", func(r chi.Router) {
		r.Post("/webhooks/transfers", h.Webhooks.Transfers)

		r.Route("/leases/{leaseID}", func(r chi.Router) {
			r.With(httpx.IdempotencyKey).Post("/payments", h.Payments.Pay)
			r.With(httpx.IdempotencyKey).Post("/charges", h.Charges.Create)
			r.With(httpx.IdempotencyKey).Post("/payment-plans", h.Plans.Create)
			r.Put("/autopay", h.Autopay.Put)
			r.Post("/reminders", h.Reminders.Send)
		})

		r.With(httpx.IdempotencyKey).Post("/payments/{paymentID}/refunds", h.Payments.Refund)
		r.Post("/charges/{chargeID}/waive", h.Charges.Waive)
		r.Post("/tenants/{tenantID}/funding-sources", h.FundingSources.Create)
		r.Post("/maintenance-requests", h.Maintenance.Create)
		r.Post("/landlords/{landlordID}/instant-payouts", h.Payouts.Instant)
		r.With(httpx.IdempotencyKey).Post("/disbursements/{disbursementID}/resubmit", h.Payouts.Resubmit)
	})
	return r
}
