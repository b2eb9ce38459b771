package api

import (
	"net/http"
	"time"

	"github.com/kestrelfin/factoring/internal/service"
)

// POST /v1/offers/{offerID}/accept
func (h *Handlers) acceptOffer(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "offerID")
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	offer, err := h.Funding.AcceptOffer(r.Context(), id, supplierFrom(r.Context()))
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, toOfferResponse(offer))
}

type manualPayoutRequest struct {
	AmountMinor int64  `json:"amount_minor"`
	Reason      string `json:"reason"`
}

// POST /v1/admin/advances/{advanceID}/payouts
func (h *Handlers) manualPayout(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "advanceID")
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	var req manualPayoutRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	p, err := h.Payouts.ManualPayout(r.Context(), service.ManualPayoutCmd{
		AdvanceID:   id,
		RequestKey:  r.Header.Get("Idempotency-Key"),
		AmountMinor: req.AmountMinor,
		Reason:      req.Reason,
		Operator:    operatorFrom(r.Context()),
	})
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]any{
		"id": p.ID.String(), "status": p.Status, "amount_minor": p.AmountMinor,
	})
}

type repaymentPlanRequest struct {
	Installments int    `json:"installments"`
	FirstDueDate string `json:"first_due_date"`
}

// POST /v1/admin/advances/{advanceID}/repayment-plans
func (h *Handlers) createRepaymentPlan(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "advanceID")
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	var req repaymentPlanRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	first, err := time.Parse(time.DateOnly, req.FirstDueDate)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "invalid_request", Message: "first_due_date must be YYYY-MM-DD"})
		return
	}
	plan, err := h.Funding.CreateRepaymentPlan(r.Context(), service.RepaymentPlanCmd{
		AdvanceID: id, Installments: req.Installments, FirstDueDate: first,
	})
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{
		"id": plan.ID.String(), "installments": plan.Installments, "total_minor": plan.TotalMinor,
	})
}

// POST /v1/admin/invoices/{invoiceID}/notices/assignment
func (h *Handlers) sendAssignmentNotice(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "invoiceID")
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	n, err := h.Notices.SendAssignmentNow(r.Context(), id)
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": n.ID.String(), "status": n.Status, "provider_ref": n.ProviderRef,
	})
}
