package api

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/civicworks/permits/internal/api/middleware"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/service"
)

// StaffHandler serves the back-office endpoints.
type StaffHandler struct {
	review      service.Review
	fees        service.Fees
	inspections service.Inspections
	log         *slog.Logger
}

// NewStaffHandler builds the handler.
func NewStaffHandler(review service.Review, fees service.Fees, insp service.Inspections, log *slog.Logger) *StaffHandler {
	return &StaffHandler{review: review, fees: fees, inspections: insp, log: log}
}

// Register mounts the routes.
func (h *StaffHandler) Register(r chi.Router) {
	r.With(middleware.RequireStaff("finance")).Post("/v1/staff/payments/{id}/refunds", h.refund)
	r.With(middleware.RequireStaff("reviewer")).Post("/v1/staff/applications/{id}/decision", h.decide)
	r.With(middleware.RequireStaff("inspector")).Post("/v1/staff/inspections/{id}/results", h.recordResult)
}

type refundBody struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

func (h *StaffHandler) refund(w http.ResponseWriter, r *http.Request) {
	paymentID, err := uuid.Parse(chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, r, h.log, errors.Join(permits.ErrNotFound, err))
		return
	}
	var in refundBody
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	refund, err := h.fees.StaffRefund(r.Context(), service.StaffRefundInput{
		StaffID:     middleware.StaffFrom(r.Context()).ID,
		PaymentID:   paymentID,
		RequestKey:  r.Header.Get("Idempotency-Key"),
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
	})
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, refund)
}

func (h *StaffHandler) decide(w http.ResponseWriter, r *http.Request) {
	var in service.DecisionInput
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	d, err := h.review.Decide(r.Context(), middleware.StaffFrom(r.Context()).ID, chi.URLParam(r, "id"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

func (h *StaffHandler) recordResult(w http.ResponseWriter, r *http.Request) {
	inspectionID, err := uuid.Parse(chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, r, h.log, errors.Join(permits.ErrNotFound, err))
		return
	}
	var in service.ResultInput
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	res, err := h.inspections.RecordResult(r.Context(), middleware.StaffFrom(r.Context()).ID, inspectionID, in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, res)
}
