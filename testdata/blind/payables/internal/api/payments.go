package api

import (
	"errors"
	"net/http"

	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/service/payments"
)

type cardPaymentRequest struct {
	InvoiceID   string `json:"invoice_id"`
	AmountMinor int64  `json:"amount_minor"`
}

func (r *cardPaymentRequest) Validate() error {
	if r.InvoiceID == "" {
		return errors.New("invoice_id is required")
	}
	if r.AmountMinor <= 0 {
		return errors.New("amount_minor must be positive")
	}
	return nil
}

func (h *Handlers) payByCard(w http.ResponseWriter, r *http.Request) {
	req, err := decode[cardPaymentRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	pay, err := h.Cards.PayByCard(r.Context(), payments.CardPaymentInput{
		TenantID:       httpx.TenantFrom(r.Context()),
		InvoiceID:      req.InvoiceID,
		AmountMinor:    req.AmountMinor,
		IdempotencyKey: r.Header.Get("Idempotency-Key"),
	})
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, pay)
}
