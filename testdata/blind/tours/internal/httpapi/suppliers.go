package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/service"
)

// InvoiceService is what the supplier invoice handlers need.
type InvoiceService interface {
	Receive(ctx context.Context, supplierID string, in service.InvoiceInput) (*domain.SupplierInvoice, error)
	Get(ctx context.Context, id string) (*domain.SupplierInvoice, error)
	Approve(ctx context.Context, invoiceID, approver string) (*domain.SupplierInvoice, error)
	Dispute(ctx context.Context, invoiceID, reason string) (*domain.SupplierInvoice, error)
}

// SupplierHandler serves supplier invoices to accounts payable.
type SupplierHandler struct {
	invoices InvoiceService
	log      *slog.Logger
}

// NewSupplierHandler constructs a SupplierHandler.
func NewSupplierHandler(invoices InvoiceService, log *slog.Logger) *SupplierHandler {
	return &SupplierHandler{invoices: invoices, log: log}
}

// Routes mounts the supplier routes.
func (h *SupplierHandler) Routes(r chi.Router) {
	r.Post("/suppliers/{supplierID}/invoices", h.receive)
	r.Route("/supplier-invoices/{invoiceID}", func(r chi.Router) {
		r.Get("/", h.get)
		r.Post("/approve", h.approve)
		r.Post("/dispute", h.dispute)
	})
}

func (h *SupplierHandler) receive(w http.ResponseWriter, r *http.Request) {
	var in service.InvoiceInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	inv, err := h.invoices.Receive(r.Context(), chi.URLParam(r, "supplierID"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, inv)
}

func (h *SupplierHandler) get(w http.ResponseWriter, r *http.Request) {
	inv, err := h.invoices.Get(r.Context(), chi.URLParam(r, "invoiceID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, inv)
}

func (h *SupplierHandler) approve(w http.ResponseWriter, r *http.Request) {
	approver := r.Header.Get("X-Staff-User")
	if approver == "" {
		writeJSON(w, http.StatusUnauthorized, errorBody{Error: "staff user required"})
		return
	}
	inv, err := h.invoices.Approve(r.Context(), chi.URLParam(r, "invoiceID"), approver)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, inv)
}

type disputeRequest struct {
	Reason string `json:"reason"`
}

func (h *SupplierHandler) dispute(w http.ResponseWriter, r *http.Request) {
	var in disputeRequest
	if err := decode(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	inv, err := h.invoices.Dispute(r.Context(), chi.URLParam(r, "invoiceID"), in.Reason)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, inv)
}
