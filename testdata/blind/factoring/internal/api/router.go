package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/kestrelfin/factoring/internal/config"
	"github.com/kestrelfin/factoring/internal/service"
)

// Handlers holds the services behind the HTTP endpoints.
type Handlers struct {
	Suppliers      service.Suppliers
	Invoices       service.Invoicing
	Funding        service.Funding
	Payouts        service.Payouts
	Notices        service.Notices
	Collections    service.Collections
	Reconciliation service.Reconciliation

	Idempotent *Idempotent
	Webhooks   WebhookSecrets
	Log        *slog.Logger
}

type WebhookSecrets struct {
	Bank        string
	OpenBanking string
}

func NewWebhookSecrets(cfg config.Config) WebhookSecrets {
	return WebhookSecrets{Bank: cfg.BankWebhookSecret, OpenBanking: cfg.OpenBankingWebhookSecret}
}

func NewHandlers(
	suppliers service.Suppliers,
	invoices service.Invoicing,
	funding service.Funding,
	payouts service.Payouts,
	notices service.Notices,
	collections service.Collections,
	recon service.Reconciliation,
	idem *Idempotent,
	secrets WebhookSecrets,
	log *slog.Logger,
) *Handlers {
	return &Handlers{
		Suppliers: suppliers, Invoices: invoices, Funding: funding, Payouts: payouts,
		Notices: notices, Collections: collections, Reconciliation: recon,
		Idempotent: idem, Webhooks: secrets, Log: log.With("component", "api"),
	}
}

// NewRouter mounts every route.
func NewRouter(h *Handlers) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/v1", func(r chi.Router) {
		r.Post("/suppliers", h.onboardSupplier)

		r.Group(func(r chi.Router) {
			r.Use(supplierAuth)
			r.Post("/invoices", h.uploadInvoice)
			r.Get("/invoices/{invoiceID}", h.getInvoice)
			r.Post("/invoices/{invoiceID}/funding-requests", h.requestFunding)
			r.Post("/invoices/{invoiceID}/disputes", h.raiseDispute)
			r.Post("/offers/{offerID}/accept", h.acceptOffer)
		})

		r.Route("/admin", func(r chi.Router) {
			r.Use(operatorAuth)
			r.Post("/suppliers/{supplierID}/credit-checks", h.refreshSupplierCredit)
			r.Post("/advances/{advanceID}/payouts", h.manualPayout)
			r.Post("/invoices/{invoiceID}/notices/assignment", h.sendAssignmentNotice)
			r.With(h.Idempotent.For("repayment-plans")).
				Post("/advances/{advanceID}/repayment-plans", h.createRepaymentPlan)
		})

		r.Route("/debtor-portal", func(r chi.Router) {
			r.Post("/invoices/{token}/confirm", h.confirmInvoice)
		})

		r.Route("/webhooks", func(r chi.Router) {
			r.Post("/bank/statements", h.bankStatementWebhook)
			r.Post("/bank/payouts", h.bankPayoutWebhook)
			r.Post("/openbanking/payments", h.paymentStatusWebhook)
		})
	})
	return r
}

// NewServer builds the HTTP server for the router.
func NewServer(cfg config.Config, handler http.Handler) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      35 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
}
