package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/repo"
	"github.com/kestrelfin/factoring/internal/service"
)

type uploadInvoiceRequest struct {
	InvoiceNumber  string              `json:"invoice_number"`
	Currency       string              `json:"currency"`
	FaceValueMinor int64               `json:"face_value_minor"`
	IssueDate      string              `json:"issue_date"`
	DueDate        string              `json:"due_date"`
	DocumentURL    string              `json:"document_url"`
	Debtor         service.DebtorInput `json:"debtor"`
}

type invoiceResponse struct {
	ID             string `json:"id"`
	InvoiceNumber  string `json:"invoice_number"`
	Status         string `json:"status"`
	Currency       string `json:"currency"`
	FaceValueMinor int64  `json:"face_value_minor"`
	PaidMinor      int64  `json:"paid_minor"`
	DueDate        string `json:"due_date"`
}

func toInvoiceResponse(inv *domain.Invoice) invoiceResponse {
	return invoiceResponse{
		ID: inv.ID.String(), InvoiceNumber: inv.InvoiceNumber, Status: inv.Status,
		Currency: inv.Currency, FaceValueMinor: inv.FaceValueMinor, PaidMinor: inv.PaidMinor,
		DueDate: inv.DueDate.Format(time.DateOnly),
	}
}

// POST /v1/invoices
func (h *Handlers) uploadInvoice(w http.ResponseWriter, r *http.Request) {
	var req uploadInvoiceRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	issue, err1 := time.Parse(time.DateOnly, req.IssueDate)
	due, err2 := time.Parse(time.DateOnly, req.DueDate)
	if err1 != nil || err2 != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "invalid_request", Message: "dates must be YYYY-MM-DD"})
		return
	}
	inv, replayed, err := h.Invoices.Upload(r.Context(), service.UploadInvoiceCmd{
		IdempotencyKey: r.Header.Get("Idempotency-Key"),
		SupplierID:     supplierFrom(r.Context()),
		InvoiceNumber:  req.InvoiceNumber,
		Currency:       req.Currency,
		FaceValueMinor: req.FaceValueMinor,
		IssueDate:      issue,
		DueDate:        due,
		DocumentURL:    req.DocumentURL,
		Debtor:         req.Debtor,
	})
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	status := http.StatusCreated
	if replayed {
		w.Header().Set("Idempotent-Replayed", "true")
		status = http.StatusOK
	}
	writeJSON(w, status, toInvoiceResponse(inv))
}

// GET /v1/invoices/{invoiceID}
func (h *Handlers) getInvoice(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "invoiceID")
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	inv, err := h.Invoices.Get(r.Context(), id)
	if err == nil && inv.SupplierID != supplierFrom(r.Context()) {
		err = repo.ErrNotFound
	}
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, toInvoiceResponse(inv))
}

type fundingRequest struct {
	RequestedMinor int64 `json:"requested_minor"`
}

type offerResponse struct {
	ID             string    `json:"id"`
	InvoiceID      string    `json:"invoice_id"`
	AdvanceMinor   int64     `json:"advance_minor"`
	ReserveMinor   int64     `json:"reserve_minor"`
	AdvanceRateBps int       `json:"advance_rate_bps"`
	DiscountFeeBps int       `json:"discount_fee_bps"`
	DailyFeeBps    int       `json:"daily_fee_bps"`
	Status         string    `json:"status"`
	ExpiresAt      time.Time `json:"expires_at"`
}

func toOfferResponse(o *domain.Offer) offerResponse {
	return offerResponse{
		ID: o.ID.String(), InvoiceID: o.InvoiceID.String(), AdvanceMinor: o.AdvanceMinor,
		ReserveMinor: o.ReserveMinor, AdvanceRateBps: o.AdvanceRateBps, DiscountFeeBps: o.DiscountFeeBps,
		DailyFeeBps: o.DailyFeeBps, Status: o.Status, ExpiresAt: o.ExpiresAt,
	}
}

// POST /v1/invoices/{invoiceID}/funding-requests
func (h *Handlers) requestFunding(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "invoiceID")
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	var req fundingRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	offer, err := h.Invoices.RequestFunding(r.Context(), service.RequestFundingCmd{
		InvoiceID: id, SupplierID: supplierFrom(r.Context()), RequestedMinor: req.RequestedMinor,
	})
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	writeJSON(w, http.StatusCreated, toOfferResponse(offer))
}

type disputeRequest struct {
	ReasonCode string `json:"reason_code"`
	Details    string `json:"details"`
}

// POST /v1/invoices/{invoiceID}/disputes
func (h *Handlers) raiseDispute(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "invoiceID")
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	var req disputeRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	d, err := h.Invoices.RaiseDispute(r.Context(), service.RaiseDisputeCmd{
		InvoiceID:  id,
		RaisedBy:   "supplier:" + supplierFrom(r.Context()).String(),
		ReasonCode: req.ReasonCode,
		Details:    req.Details,
	})
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"id": d.ID.String(), "status": d.Status})
}

// POST /v1/debtor-portal/invoices/{token}/confirm
func (h *Handlers) confirmInvoice(w http.ResponseWriter, r *http.Request) {
	token := chi.URLParam(r, "token")
	if len(token) < 16 {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "not_found"})
		return
	}
	inv, err := h.Invoices.ConfirmByDebtor(r.Context(), token)
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"invoice_number": inv.InvoiceNumber, "status": inv.Status})
}
