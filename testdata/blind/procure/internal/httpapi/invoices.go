package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/northmill/procure/internal/invoicing"
	"github.com/northmill/procure/internal/platform/httpx"
)

// InvoiceHandler serves /v1/invoices and /v1/credit-notes.
type InvoiceHandler struct {
	invoices    InvoiceService
	creditNotes CreditNoteService
	settlement  SettlementService
	log         *slog.Logger
}

// NewInvoiceHandler builds the handler.
func NewInvoiceHandler(inv InvoiceService, cn CreditNoteService, st SettlementService, log *slog.Logger) *InvoiceHandler {
	return &InvoiceHandler{invoices: inv, creditNotes: cn, settlement: st, log: log}
}

// InvoiceRoutes mounts /v1/invoices.
func (h *InvoiceHandler) InvoiceRoutes(r chi.Router) {
	r.Post("/", h.Create)
	r.Get("/{invoiceID}", h.Get)
	r.Post("/{invoiceID}/approve", h.Approve)
	r.Post("/{invoiceID}/early-settlement", h.SettleEarly)
}

// CreditNoteRoutes mounts /v1/credit-notes.
func (h *InvoiceHandler) CreditNoteRoutes(r chi.Router) {
	r.Post("/", h.RecordCreditNote)
	r.Post("/{creditNoteID}/apply", h.ApplyCreditNote)
}

// Create handles POST /v1/invoices.
func (h *InvoiceHandler) Create(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[invoicing.CreateInput](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	if err := in.Validate(); err != nil {
		fail(w, h.log, httpx.BadRequest("invalid_invoice", "%v", err))
		return
	}
	res, err := h.invoices.Create(r.Context(), in, "ap_portal")
	if err != nil {
		fail(w, h.log, err)
		return
	}
	status := http.StatusCreated
	if !res.Created {
		status = http.StatusOK
	}
	httpx.JSON(w, status, res.Invoice)
}

// Get handles GET /v1/invoices/{invoiceID}.
func (h *InvoiceHandler) Get(w http.ResponseWriter, r *http.Request) {
	inv, err := h.invoices.Get(r.Context(), chi.URLParam(r, "invoiceID"))
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, inv)
}

// Approve handles POST /v1/invoices/{invoiceID}/approve.
func (h *InvoiceHandler) Approve(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[invoicing.ApproveInput](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	res, err := h.invoices.Approve(r.Context(), chi.URLParam(r, "invoiceID"), in)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, res)
}

// SettleEarly handles POST /v1/invoices/{invoiceID}/early-settlement.
func (h *InvoiceHandler) SettleEarly(w http.ResponseWriter, r *http.Request) {
	res, err := h.settlement.SettleEarly(r.Context(), chi.URLParam(r, "invoiceID"))
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, res)
}

// RecordCreditNote handles POST /v1/credit-notes.
func (h *InvoiceHandler) RecordCreditNote(w http.ResponseWriter, r *http.Request) {
	key, err := httpx.IdempotencyKey(r, false)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	in, err := httpx.Decode[invoicing.CreditNoteInput](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	cn, err := h.creditNotes.Record(r.Context(), key, in)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, cn)
}

type applyCreditNoteRequest struct {
	InvoiceID string `json:"invoice_id"`
}

// ApplyCreditNote handles POST /v1/credit-notes/{creditNoteID}/apply.
func (h *InvoiceHandler) ApplyCreditNote(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[applyCreditNoteRequest](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	if in.InvoiceID == "" {
		fail(w, h.log, httpx.BadRequest("invoice_required", "invoice_id is required"))
		return
	}
	cn, err := h.creditNotes.Apply(r.Context(), chi.URLParam(r, "creditNoteID"), in.InvoiceID)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, cn)
}
