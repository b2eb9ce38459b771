package api

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/keystone-pm/rent/internal/httpx"
	"github.com/keystone-pm/rent/internal/service/payments"
)

// PaymentsHandler serves rent payments and refunds.
type PaymentsHandler struct {
	Svc payments.Service
	Log *slog.Logger
}

func NewPaymentsHandler(svc payments.Service, log *slog.Logger) *PaymentsHandler {
	return &PaymentsHandler{Svc: svc, Log: log}
}

// Pay handles POST /v1/leases/{leaseID}/payments.
func (h *PaymentsHandler) Pay(w http.ResponseWriter, r *http.Request) {
	var in payments.PayRentInput
	hash, err := httpx.Decode(r, &in)
	if err != nil {
		badRequest(w, err)
		return
	}
	in.LeaseID = chi.URLParam(r, "leaseID")
	in.RequestHash = hash
	p, replay, err := h.Svc.PayRent(r.Context(), httpx.IdempotencyKeyFrom(r.Context()), in)
	if err != nil && p == nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	if err != nil {
		h.Log.Warn("payment recorded but not yet submitted", "payment_id", p.ID, "err", err)
	}
	if replay {
		w.Header().Set("Idempotent-Replayed", "true")
	}
	httpx.WriteJSON(w, http.StatusAccepted, p)
}

// Refund handles POST /v1/payments/{paymentID}/refunds.
func (h *PaymentsHandler) Refund(w http.ResponseWriter, r *http.Request) {
	var in payments.RefundInput
	hash, err := httpx.Decode(r, &in)
	if err != nil {
		badRequest(w, err)
		return
	}
	in.RequestHash = hash
	rf, err := h.Svc.Refund(r.Context(), httpx.IdempotencyKeyFrom(r.Context()), chi.URLParam(r, "paymentID"), in)
	if err != nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, rf)
}

// FundingSourcesHandler links tenant bank accounts.
type FundingSourcesHandler struct {
	Svc payments.Service
	Log *slog.Logger
}

func NewFundingSourcesHandler(svc payments.Service, log *slog.Logger) *FundingSourcesHandler {
	return &FundingSourcesHandler{Svc: svc, Log: log}
}

// Create handles POST /v1/tenants/{tenantID}/funding-sources.
func (h *FundingSourcesHandler) Create(w http.ResponseWriter, r *http.Request) {
	var in payments.LinkInput
	if _, err := httpx.Decode(r, &in); err != nil {
		badRequest(w, err)
		return
	}
	fs, err := h.Svc.LinkFundingSource(r.Context(), chi.URLParam(r, "tenantID"), in)
	if err != nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, fs)
}

// AutopayHandler manages autopay enrollment.
type AutopayHandler struct {
	Svc payments.Service
	Log *slog.Logger
}

func NewAutopayHandler(svc payments.Service, log *slog.Logger) *AutopayHandler {
	return &AutopayHandler{Svc: svc, Log: log}
}

// Put handles PUT /v1/leases/{leaseID}/autopay.
func (h *AutopayHandler) Put(w http.ResponseWriter, r *http.Request) {
	var in payments.AutopayInput
	if _, err := httpx.Decode(r, &in); err != nil {
		badRequest(w, err)
		return
	}
	en, err := h.Svc.SetAutopay(r.Context(), chi.URLParam(r, "leaseID"), in)
	if err != nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, en)
}
