// Package httpapi is the REST API and the inbound webhooks.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/platform/httpx"
	"github.com/ironbridge-leasing/railcars/internal/service"
)

// Server holds the handlers' dependencies.
type Server struct {
	Leases      *service.LeaseService
	Movements   *service.MovementService
	Demurrage   *service.DemurrageService
	Billing     *service.BillingService
	Payments    *service.PaymentService
	Maintenance *service.MaintenanceService
	Idempotent  Idempotent
	Secrets     WebhookSecrets
	Log         *slog.Logger
}

// WebhookSecrets verify inbound webhooks.
type WebhookSecrets struct {
	Stripe    string
	ClearPath string
	ShopNet   string
	EDIToken  string
}

// Routes builds the router.
func (s *Server) Routes() http.Handler {
	r := mux.NewRouter()
	r.Use(Recover(s.Log), Logging(s.Log))

	r.Handle("/healthz", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})).Methods(http.MethodGet)

	v1 := r.PathPrefix("/v1").Subrouter()
	route := func(method, path string, h httpx.HandlerFunc) {
		v1.Handle(path, httpx.Wrap(mapErrors(h))).Methods(method)
	}

	route(http.MethodPost, "/leases", s.createLease)
	route(http.MethodGet, "/leases/{leaseID}", s.getLease)
	route(http.MethodPost, "/leases/{leaseID}/cars", s.addCars)
	route(http.MethodPost, "/leases/{leaseID}/activate", s.activateLease)

	route(http.MethodPost, "/invoices/{invoiceID}/card-payments", s.payByCard)
	route(http.MethodPost, "/invoices/{invoiceID}/ach-payments", s.payByACH)
	route(http.MethodPost, "/invoices/{invoiceID}/credit-memos", s.issueCreditMemo)
	route(http.MethodPost, "/payments/{paymentID}/refunds", s.refundPayment)
	route(http.MethodPost, "/customers/{customerID}/cards", s.attachCard)

	route(http.MethodPost, "/work-orders", s.createWorkOrder)
	route(http.MethodGet, "/work-orders/{workOrderID}", s.getWorkOrder)
	route(http.MethodPost, "/work-orders/{workOrderID}/dispatch", s.dispatchWorkOrder)

	route(http.MethodPost, "/cars/{carMark}/movements", s.recordMovement)
	route(http.MethodPost, "/cars/{carMark}/release-requests", s.requestRelease)
	route(http.MethodPost, "/demurrage-charges/{chargeID}/disputes", s.disputeCharge)

	v1.Handle("/mileage-claims",
		s.Idempotent.Wrap("mileage-claims", httpx.Wrap(mapErrors(s.submitMileageClaim)))).
		Methods(http.MethodPost)

	wh := r.PathPrefix("/webhooks").Subrouter()
	wh.Handle("/edi/322", httpx.Wrap(s.ediWebhook)).Methods(http.MethodPost)
	wh.Handle("/stripe", httpx.Wrap(s.stripeWebhook)).Methods(http.MethodPost)
	wh.Handle("/clearpath", httpx.Wrap(s.clearpathWebhook)).Methods(http.MethodPost)
	wh.Handle("/shopnet/invoices", httpx.Wrap(s.shopnetInvoiceWebhook)).Methods(http.MethodPost)
	return r
}

// mapErrors translates service errors to API errors.
func mapErrors(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		err := h(w, r)
		if err == nil {
			return nil
		}
		var ve *service.ValidationError
		switch {
		case errors.As(err, &ve):
			return httpx.Unprocessable(ve.Msg)
		case errors.Is(err, service.ErrKeyRequired):
			return httpx.BadRequest(err.Error())
		case errors.Is(err, service.ErrKeyReuse), errors.Is(err, service.ErrConflict):
			return httpx.Conflict(err.Error())
		case errors.Is(err, service.ErrNoOpenPlacement), errors.Is(err, service.ErrNoPaymentAccount):
			return httpx.Unprocessable(err.Error())
		case errors.Is(err, db.ErrNotFound):
			return err
		}
		return err
	}
}

func vars(r *http.Request, name string) string { return mux.Vars(r)[name] }
