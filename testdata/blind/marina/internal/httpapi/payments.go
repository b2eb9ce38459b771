package httpapi

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/service/billing"
)

type RefundService interface {
	Refund(ctx context.Context, in billing.RefundInput) (*domain.Refund, error)
}

type PaymentHandler struct {
	svc RefundService
	log *zap.Logger
}

func NewPaymentHandler(svc RefundService, log *zap.Logger) *PaymentHandler {
	return &PaymentHandler{svc: svc, log: log}
}

func (h *PaymentHandler) Routes(r chi.Router) {
	r.Post("/{id}/refunds", h.refund)
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

func (h *PaymentHandler) refund(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: "Idempotency-Key header is required"})
		return
	}
	var req refundRequest
	if _, err := decode(r, &req); err != nil {
		writeError(w, h.log, err)
		return
	}
	rf, err := h.svc.Refund(r.Context(), billing.RefundInput{
		PaymentID:   chi.URLParam(r, "id"),
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		Key:         key,
		RequestedBy: staff(r.Context()),
	})
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{
		"id":               rf.ID,
		"payment_id":       rf.PaymentID,
		"amount_cents":     rf.AmountCents,
		"status":           rf.Status,
		"stripe_refund_id": rf.StripeRefundID,
	})
}
