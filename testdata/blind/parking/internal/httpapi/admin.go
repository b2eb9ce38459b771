package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/cityparking/parking/internal/service"
)

// AdminHandlers serves the operator back office.
type AdminHandlers struct {
	refunds *service.RefundService
	fines   *service.FineService
}

func NewAdminHandlers(refunds *service.RefundService, fines *service.FineService) *AdminHandlers {
	return &AdminHandlers{refunds: refunds, fines: fines}
}

func (h *AdminHandlers) Routes(r chi.Router) {
	r.Post("/sessions/{sessionID}/refunds", h.refundSession)
	r.Post("/fines/{fineID}/void", h.voidFine)
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

func (h *AdminHandlers) refundSession(w http.ResponseWriter, r *http.Request) {
	sessionID, ok := pathUUID(r, "sessionID")
	if !ok {
		badRequest(w, "invalid session id")
		return
	}
	var req refundRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	rf, err := h.refunds.RefundSession(r.Context(), service.RefundInput{
		SessionID:   sessionID,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		Operator:    operator(r),
	})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rf)
}

type voidRequest struct {
	Note string `json:"note"`
}

func (h *AdminHandlers) voidFine(w http.ResponseWriter, r *http.Request) {
	fineID, ok := pathUUID(r, "fineID")
	if !ok {
		badRequest(w, "invalid fine id")
		return
	}
	var req voidRequest
	if err := decode(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	fine, err := h.fines.Void(r.Context(), fineID, operator(r), req.Note)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, fine)
}
