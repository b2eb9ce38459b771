package api

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/keystone-pm/rent/internal/httpx"
	"github.com/keystone-pm/rent/internal/service/ledger"
)

// ChargesHandler serves landlord charges and fee waivers.
type ChargesHandler struct {
	Svc ledger.Service
	Log *slog.Logger
}

func NewChargesHandler(svc ledger.Service, log *slog.Logger) *ChargesHandler {
	return &ChargesHandler{Svc: svc, Log: log}
}

// Create handles POST /v1/leases/{leaseID}/charges.
func (h *ChargesHandler) Create(w http.ResponseWriter, r *http.Request) {
	var in ledger.ChargeInput
	hash, err := httpx.Decode(r, &in)
	if err != nil {
		badRequest(w, err)
		return
	}
	in.RequestHash = hash
	c, replay, err := h.Svc.AddCharge(r.Context(), httpx.IdempotencyKeyFrom(r.Context()), chi.URLParam(r, "leaseID"), in)
	if err != nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	if replay {
		w.Header().Set("Idempotent-Replayed", "true")
	}
	httpx.WriteJSON(w, http.StatusCreated, c)
}

type waiveRequest struct {
	Reason string `json:"reason"`
}

// Waive handles POST /v1/charges/{chargeID}/waive.
func (h *ChargesHandler) Waive(w http.ResponseWriter, r *http.Request) {
	var in waiveRequest
	if _, err := httpx.Decode(r, &in); err != nil {
		badRequest(w, err)
		return
	}
	c, err := h.Svc.Waive(r.Context(), chi.URLParam(r, "chargeID"), in.Reason)
	if err != nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, c)
}

// PlansHandler serves payment plans.
type PlansHandler struct {
	Svc ledger.Service
	Log *slog.Logger
}

func NewPlansHandler(svc ledger.Service, log *slog.Logger) *PlansHandler {
	return &PlansHandler{Svc: svc, Log: log}
}

// Create handles POST /v1/leases/{leaseID}/payment-plans.
func (h *PlansHandler) Create(w http.ResponseWriter, r *http.Request) {
	var in ledger.PlanInput
	hash, err := httpx.Decode(r, &in)
	if err != nil {
		badRequest(w, err)
		return
	}
	in.RequestHash = hash
	plan, err := h.Svc.CreatePlan(r.Context(), httpx.IdempotencyKeyFrom(r.Context()), chi.URLParam(r, "leaseID"), in)
	if err != nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, plan)
}
