// Package httpapi is washclub's HTTP API: the member app, site staff
// consoles and provider webhooks.
package httpapi

import (
	"log/slog"
	"net/http"

	"go.uber.org/dig"

	"github.com/brightbay/washclub/internal/config"
	"github.com/brightbay/washclub/internal/service"
)

// API holds the handlers' dependencies.
type API struct {
	dig.In

	Subscriptions service.SubscriptionService
	Packs         service.WashPackService
	Activations   service.ActivationService
	Loyalty       service.LoyaltyService
	Washes        service.WashService
	Refunds       service.RefundService
	Fleet         service.FleetService
	Payments      service.PaymentEventService
	Responses     ResponseStore
	Config        config.Config
	Logger        *slog.Logger
}

// NewRouter builds the API handler.
func NewRouter(a API) http.Handler {
	mux := http.NewServeMux()
	member := requireCustomer
	staff := requireStaff

	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	// Member app.
	mux.Handle("POST /v1/subscriptions", member(http.HandlerFunc(a.createSubscription)))
	mux.Handle("GET /v1/subscriptions/{id}", member(http.HandlerFunc(a.getSubscription)))
	mux.Handle("POST /v1/subscriptions/{id}/cancel", member(http.HandlerFunc(a.cancelSubscription)))
	mux.Handle("POST /v1/wash-packs", member(Idempotent(a.Responses, "wash-packs", a.Logger)(http.HandlerFunc(a.purchasePack))))
	mux.Handle("POST /v1/sites/{siteID}/bays/{bayID}/activations", member(http.HandlerFunc(a.requestActivation)))
	mux.Handle("GET /v1/activations/{id}", member(http.HandlerFunc(a.getActivation)))
	mux.Handle("GET /v1/loyalty", member(http.HandlerFunc(a.loyaltyBalance)))
	mux.Handle("POST /v1/loyalty/redemptions", member(http.HandlerFunc(a.redeemPoints)))
	mux.Handle("POST /v1/washes/{id}/refund", member(http.HandlerFunc(a.requestRefund)))

	// Site staff console.
	mux.Handle("POST /v1/staff/washes/{id}/refund", staff(http.HandlerFunc(a.staffRefund)))
	mux.Handle("POST /v1/staff/washes/{id}/rewash", staff(http.HandlerFunc(a.rewash)))
	mux.Handle("POST /v1/staff/fleet/accounts", staff(http.HandlerFunc(a.saveFleetAccount)))
	mux.Handle("POST /v1/staff/fleet/accounts/{id}/vehicles", staff(http.HandlerFunc(a.addFleetVehicle)))
	mux.Handle("GET /v1/staff/fleet/accounts/{id}/invoices", staff(http.HandlerFunc(a.fleetInvoices)))

	// Provider webhooks.
	mux.HandleFunc("POST /v1/webhooks/tillpoint", a.tillpointWebhook)
	mux.HandleFunc("POST /v1/webhooks/washlink", a.washlinkWebhook)

	return chain(mux, recoverPanics(a.Logger), logRequests(a.Logger))
}
