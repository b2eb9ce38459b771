// Package api exposes the public, internal (scheduler) and provider-webhook
// HTTP endpoints.
package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/repo"
	"github.com/northwind/payables/internal/service/creditnotes"
	"github.com/northwind/payables/internal/service/discounts"
	"github.com/northwind/payables/internal/service/fx"
	"github.com/northwind/payables/internal/service/invoices"
	"github.com/northwind/payables/internal/service/payments"
	"github.com/northwind/payables/internal/service/remittance"
	"github.com/northwind/payables/internal/service/suppliers"
	"github.com/northwind/payables/internal/service/webhooks"
)

// Handlers holds every HTTP handler as a method.
type Handlers struct {
	Log         *slog.Logger
	Suppliers   suppliers.Service
	Invoices    invoices.Service
	Discounts   discounts.Service
	Cards       payments.CardPayer
	Runs        payments.Runs
	Inbound     payments.Inbound
	CreditNotes creditnotes.Service
	FX          fx.Service
	Remittance  remittance.Service
	Webhooks    webhooks.Service
	Idempotency repo.IdempotencyRepo

	StripeWebhookSecret string
	BankWebhookSecret   string
	InternalToken       string
}

// Validator is implemented by request bodies that can check themselves.
type Validator interface {
	Validate() error
}

const maxBody = 1 << 20

// decode reads a JSON body into T and validates it when T implements
// Validator.
func decode[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, httpx.BadRequest("invalid body: %v", err)
	}
	if val, ok := any(&v).(Validator); ok {
		if err := val.Validate(); err != nil {
			return v, httpx.BadRequest("%v", err)
		}
	}
	return v, nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (h *Handlers) writeError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, database.ErrNotFound) {
		err = httpx.NotFound("resource not found")
	}
	status, code := httpx.StatusOf(err)
	msg := err.Error()
	if status >= 500 {
		h.Log.ErrorContext(r.Context(), "request failed", "path", r.URL.Path,
			"request_id", httpx.RequestIDFrom(r.Context()), "err", err)
		msg = "internal error"
	}
	writeJSON(w, status, map[string]string{"error": code, "message": msg})
}

// parseDate parses YYYY-MM-DD.
func parseDate(s string) (time.Time, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return t, fmt.Errorf("invalid date %q", s)
	}
	return t, nil
}

// PublicRouter serves the customer-facing API.
func (h *Handlers) PublicRouter() http.Handler {
	r := chi.NewRouter()
	r.Use(httpx.RequestID, middleware.RealIP, httpx.Logger(h.Log), middleware.Recoverer)
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/v1", func(r chi.Router) {
		r.Use(httpx.Tenant)
		r.Post("/suppliers", h.createSupplier)
		r.Get("/suppliers/{supplierID}", h.getSupplier)
		r.Post("/suppliers/{supplierID}/bank-accounts", h.addBankAccount)

		r.Post("/invoices", h.createInvoice)
		r.Get("/invoices/{invoiceID}", h.getInvoice)
		r.Post("/invoices/{invoiceID}/approvals", h.decideInvoice)
		r.Post("/invoices/{invoiceID}/early-payment", h.takeEarlyPayment)

		r.Post("/payments/card", h.payByCard)
		r.With(h.idempotent("credit_note")).Post("/credit-notes", h.createCreditNote)

		r.Post("/fx/quotes", h.createQuote)
		r.Post("/fx/conversions", h.createConversion)
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/stripe", h.stripeWebhook)
		r.Post("/bank", h.bankWebhook)
	})
	return r
}

// InternalRouter serves endpoints called by the scheduler. The scheduler
// retries a job whose call times out or returns a non-2xx status.
func (h *Handlers) InternalRouter() http.Handler {
	r := chi.NewRouter()
	r.Use(httpx.RequestID, httpx.Logger(h.Log), middleware.Recoverer, httpx.InternalAuth(h.InternalToken))
	r.Route("/internal", func(r chi.Router) {
		r.Post("/payment-runs", h.createRun)
		r.Post("/payment-runs/{runID}/execute", h.executeRun)
		r.Post("/payment-runs/{runID}/card-payouts", h.executeCardPayouts)
		r.Post("/discounts/offers", h.sweepDiscountOffers)
		r.Post("/fx/rates/refresh", h.refreshRates)
		r.Post("/remittances/dispatch", h.dispatchRemittances)
		r.Post("/webhooks/redeliver", h.redeliverWebhooks)
	})
	return r
}
