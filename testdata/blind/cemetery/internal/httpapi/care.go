package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

type CareHandler struct {
	svc service.Care
	log *zap.Logger
}

func NewCareHandler(svc service.Care, log *zap.Logger) *CareHandler {
	return &CareHandler{svc: svc, log: log}
}

func (h *CareHandler) Mount(r chi.Router) {
	r.With(requireStaff).Post("/v1/care-invoices/{invoiceID}/charge", h.charge)
}

type chargeRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

func (h *CareHandler) charge(w http.ResponseWriter, r *http.Request) {
	var req chargeRequest
	if err := decodeJSON(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	inv, err := h.svc.ChargeWithCard(r.Context(), chi.URLParam(r, "invoiceID"), req.PaymentMethodID)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id":                inv.ID,
		"status":            inv.Status,
		"amount_cents":      inv.AmountCents,
		"payment_intent_id": inv.PaymentIntentID.String,
	})
}
