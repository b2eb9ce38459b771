package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/httpapi/idempotency"
	"github.com/larkspur-travel/tourdesk/internal/service"
)

// PaymentService is what the payment handlers need.
type PaymentService interface {
	PayDeposit(ctx context.Context, bookingID string, in service.CardInput) (*service.PaymentResult, error)
	PayBalance(ctx context.Context, bookingID string, in service.CardInput) (*service.PaymentResult, error)
	RecordManualPayment(ctx context.Context, bookingID string, in service.ManualPaymentInput) (*domain.Payment, error)
}

// PaymentHandler serves /bookings/{id}/deposit, /balance and /payments.
type PaymentHandler struct {
	payments PaymentService
	idem     idempotency.Store
	log      *slog.Logger
}

// NewPaymentHandler constructs a PaymentHandler.
func NewPaymentHandler(payments PaymentService, idem idempotency.Store, log *slog.Logger) *PaymentHandler {
	return &PaymentHandler{payments: payments, idem: idem, log: log}
}

// Routes mounts the payment routes.
func (h *PaymentHandler) Routes(r chi.Router) {
	r.Post("/bookings/{bookingID}/deposit", h.deposit)
	r.Post("/bookings/{bookingID}/balance", h.balance)
	r.With(idempotency.Middleware(h.idem, "payment.manual", h.log)).
		Post("/bookings/{bookingID}/payments/manual", h.manual)
}

func (h *PaymentHandler) deposit(w http.ResponseWriter, r *http.Request) {
	var in service.CardInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	res, err := h.payments.PayDeposit(r.Context(), chi.URLParam(r, "bookingID"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (h *PaymentHandler) balance(w http.ResponseWriter, r *http.Request) {
	var in service.CardInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	res, err := h.payments.PayBalance(r.Context(), chi.URLParam(r, "bookingID"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (h *PaymentHandler) manual(w http.ResponseWriter, r *http.Request) {
	var in service.ManualPaymentInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	p, err := h.payments.RecordManualPayment(r.Context(), chi.URLParam(r, "bookingID"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, p)
}
