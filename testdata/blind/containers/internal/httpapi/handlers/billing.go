package handlers

import (
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/httpx"
	"github.com/quaymark/terminal-ops/internal/service/billing"
)

// PayInvoice handles POST /v1/invoices/{invoiceID}/payments from the line
// portal.
func PayInvoice(svc PaymentService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		invoiceID := chi.URLParam(r, "invoiceID")
		var req billing.PayRequest
		if err := httpx.Decode(r, &req); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		req.AttemptRef = fmt.Sprintf("pay_%s_%d", invoiceID, time.Now().UnixMilli())
		p, err := svc.Pay(r.Context(), invoiceID, req)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, p)
	}
}

// IssueCreditNote handles POST /v1/invoices/{invoiceID}/credit-notes.
func IssueCreditNote(svc PaymentService) http.HandlerFunc {
	return httpx.Handle(http.StatusCreated, func(r *http.Request, req billing.CreditNoteRequest) (*domain.CreditNote, error) {
		return svc.IssueCreditNote(r.Context(), chi.URLParam(r, "invoiceID"), req)
	})
}

// StripeWebhook handles POST /webhooks/stripe.
func StripeWebhook(verifier WebhookVerifier, svc PaymentService) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
		if err != nil {
			http.Error(w, "read body", http.StatusBadRequest)
			return
		}
		ev, err := verifier.ParseWebhook(payload, r.Header.Get("Stripe-Signature"))
		if err != nil {
			http.Error(w, "bad signature", http.StatusBadRequest)
			return
		}
		if err := svc.HandleStripeEvent(r.Context(), ev); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}
