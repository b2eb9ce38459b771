package api

import (
	"errors"
	"net/http"

	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/service/creditnotes"
)

type creditNoteRequest struct {
	SupplierID  string `json:"supplier_id"`
	InvoiceID   string `json:"invoice_id"`
	AmountMinor int64  `json:"amount_minor"`
	Currency    string `json:"currency"`
	Reason      string `json:"reason"`
}

func (r *creditNoteRequest) Validate() error {
	if r.SupplierID == "" {
		return errors.New("supplier_id is required")
	}
	if r.AmountMinor <= 0 {
		return errors.New("amount_minor must be positive")
	}
	if len(r.Currency) != 3 {
		return errors.New("currency is required")
	}
	return nil
}

func (h *Handlers) createCreditNote(w http.ResponseWriter, r *http.Request) {
	req, err := decode[creditNoteRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	cn, err := h.CreditNotes.RecordManual(r.Context(), creditnotes.ManualInput{
		TenantID:    httpx.TenantFrom(r.Context()),
		SupplierID:  req.SupplierID,
		InvoiceID:   req.InvoiceID,
		AmountMinor: req.AmountMinor,
		Currency:    req.Currency,
		Reason:      req.Reason,
	})
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, cn)
}
