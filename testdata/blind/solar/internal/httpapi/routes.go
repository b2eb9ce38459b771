// Package httpapi is the HTTP surface of the installs service.
package httpapi

import (
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"go.uber.org/dig"
)

// Deps is everything the router needs, filled in by dig.
type Deps struct {
	dig.In

	Quotes       QuoteService
	Contracts    ContractService
	Financing    FinancingService
	Permits      PermitService
	Interconnect InterconnectService
	Equipment    EquipmentService
	Scheduling   SchedulingService
	Invoices     InvoiceService
	Payouts      PayoutService

	StripeHook      StripeWebhook
	FundingHook     FundingWebhook
	ShipmentHook    ShipmentWebhook
	PTOHook         PTOWebhook
	LenderHookToken string `name:"lender_hook_token"`
}

type route struct {
	pattern string
	handler http.HandlerFunc
}

// NewMux builds the router.
func NewMux(d Deps) *http.ServeMux {
	routes := []route{
		{"POST /v1/quotes", NewCreateQuoteHandler(d.Quotes)},
		{"GET /v1/quotes/{id}", NewGetQuoteHandler(d.Quotes)},
		{"POST /v1/contracts", NewSignContractHandler(d.Contracts)},
		{"POST /v1/contracts/{id}/deposit", NewChargeDepositHandler(d.Contracts)},
		{"POST /v1/financing/applications", NewApplyFinancingHandler(d.Financing)},
		{"POST /v1/financing/applications/{id}/offers/{offer}/accept", NewAcceptOfferHandler(d.Financing)},
		{"POST /v1/projects/{id}/permits", NewStartPermitHandler(d.Permits)},
		{"POST /v1/projects/{id}/interconnection", NewStartInterconnectionHandler(d.Interconnect)},
		{"POST /v1/projects/{id}/equipment-orders", NewPlaceEquipmentOrderHandler(d.Equipment)},
		{"POST /v1/equipment-orders/{id}/receipts", NewReceiveEquipmentHandler(d.Equipment)},
		{"POST /v1/projects/{id}/crew-assignments", NewAssignCrewHandler(d.Scheduling)},
		{"POST /v1/invoices/{id}/charge", NewChargeInvoiceHandler(d.Invoices)},
		{"POST /v1/installers/{id}/instant-payouts", NewInstantPayoutHandler(d.Payouts)},

		{"POST /webhooks/stripe", NewStripeWebhookHandler(d.StripeHook)},
		{"POST /webhooks/lending", NewLendingWebhookHandler(d.FundingHook, d.LenderHookToken)},
		{"POST /webhooks/distributor", NewDistributorWebhookHandler(d.ShipmentHook)},
		{"POST /webhooks/utility/pto", NewUtilityPTOWebhookHandler(d.PTOHook)},

		{"GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) }},
	}
	mux := http.NewServeMux()
	for _, rt := range routes {
		mux.Handle(rt.pattern, withRecover(withLogging(rt.handler)))
	}
	return mux
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func withLogging(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		slog.InfoContext(r.Context(), "http", "method", r.Method, "path", r.URL.Path,
			"status", rec.status, "dur", time.Since(start))
	})
}

func withRecover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				slog.ErrorContext(r.Context(), "panic", "panic", p, "stack", string(debug.Stack()))
				http.Error(w, "internal error", http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, r)
	})
}
