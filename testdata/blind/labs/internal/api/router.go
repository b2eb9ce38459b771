// Package api is the HTTP API used by EHR partners, the LIS interface
// engine, the patient portal backend and lab staff.
package api

import (
	"log/slog"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/meridianlabs/labs/internal/platform/httpx"
	"github.com/meridianlabs/labs/internal/service/billing"
	"github.com/meridianlabs/labs/internal/service/logistics"
	"github.com/meridianlabs/labs/internal/service/orders"
	"github.com/meridianlabs/labs/internal/service/priorauth"
	"github.com/meridianlabs/labs/internal/service/results"
	"github.com/meridianlabs/labs/internal/store"
)

// Services are the application services behind the API.
type Services struct {
	Orders    *orders.Service
	Logistics *logistics.Service
	PriorAuth *priorauth.Service
	Billing   *billing.Service
	Results   *results.Service
}

// Auth carries the authenticators.
type Auth struct {
	Partners httpx.PartnerResolver
	Staff    httpx.TokenVerifier
	Service  httpx.TokenVerifier
}

// Handler holds the HTTP handlers.
type Handler struct {
	svc Services
	log *slog.Logger
}

// NewRouter mounts the API routes on a gorilla/mux router.
func NewRouter(svc Services, auth Auth, keys *store.IdempotencyKeys, logger *slog.Logger) *mux.Router {
	h := &Handler{svc: svc, log: logger}
	replay := func(scope string) func(http.Handler) http.Handler {
		return httpx.ReplayResponses(responseStore{keys: keys}, scope)
	}

	r := mux.NewRouter()
	r.Use(httpx.RequestID, httpx.Recoverer, httpx.AccessLog(logger))
	r.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	partner := r.PathPrefix("/v1").Subrouter()
	partner.Use(httpx.PartnerAuth(auth.Partners))
	partner.HandleFunc("/orders", httpx.Handle(h.placeOrder)).Methods(http.MethodPost)
	partner.HandleFunc("/orders/{id}", httpx.Handle(h.getOrder)).Methods(http.MethodGet)
	partner.Handle("/orders/{id}/cancel", replay("orders.cancel")(httpx.Handle(h.cancelOrder))).Methods(http.MethodPost)
	partner.HandleFunc("/orders/{id}/add-on-tests", httpx.Handle(h.addTests)).Methods(http.MethodPost)
	partner.HandleFunc("/orders/{id}/prior-auth/check", httpx.Handle(h.checkPriorAuth)).Methods(http.MethodPost)
	partner.HandleFunc("/pickups", httpx.Handle(h.requestPickup)).Methods(http.MethodPost)

	lis := r.PathPrefix("/lis/v1").Subrouter()
	lis.Use(httpx.StaffAuth(auth.Service))
	lis.HandleFunc("/results", httpx.Handle(h.recordResult)).Methods(http.MethodPost)

	portal := r.PathPrefix("/portal/v1").Subrouter()
	portal.Use(httpx.StaffAuth(auth.Service))
	portal.HandleFunc("/patients/{patient}/charges", httpx.Handle(h.chargeSelfPay)).Methods(http.MethodPost)

	staff := r.PathPrefix("/internal/v1").Subrouter()
	staff.Use(httpx.StaffAuth(auth.Staff))
	staff.Handle("/invoices/{id}/adjustments", replay("invoices.adjust")(httpx.Handle(h.adjustInvoice))).Methods(http.MethodPost)
	staff.HandleFunc("/claims/{id}/resubmit", httpx.Handle(h.resubmitClaim)).Methods(http.MethodPost)

	return r
}
