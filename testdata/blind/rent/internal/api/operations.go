package api

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/keystone-pm/rent/internal/httpx"
	"github.com/keystone-pm/rent/internal/service/maintenance"
	"github.com/keystone-pm/rent/internal/service/notify"
	"github.com/keystone-pm/rent/internal/service/payouts"
)

// MaintenanceHandler accepts tenant maintenance requests.
type MaintenanceHandler struct {
	Svc maintenance.Service
	Log *slog.Logger
}

func NewMaintenanceHandler(svc maintenance.Service, log *slog.Logger) *MaintenanceHandler {
	return &MaintenanceHandler{Svc: svc, Log: log}
}

// Create handles POST /v1/maintenance-requests.
func (h *MaintenanceHandler) Create(w http.ResponseWriter, r *http.Request) {
	var in maintenance.CreateInput
	if _, err := httpx.Decode(r, &in); err != nil {
		badRequest(w, err)
		return
	}
	m, err := h.Svc.Create(r.Context(), in)
	if err != nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, m)
}

// PayoutsHandler serves landlord payout actions.
type PayoutsHandler struct {
	Svc payouts.Service
	Log *slog.Logger
}

func NewPayoutsHandler(svc payouts.Service, log *slog.Logger) *PayoutsHandler {
	return &PayoutsHandler{Svc: svc, Log: log}
}

type instantPayoutRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

// Instant handles POST /v1/landlords/{landlordID}/instant-payouts.
func (h *PayoutsHandler) Instant(w http.ResponseWriter, r *http.Request) {
	var in instantPayoutRequest
	if _, err := httpx.Decode(r, &in); err != nil {
		badRequest(w, err)
		return
	}
	d, err := h.Svc.InstantPayout(r.Context(), chi.URLParam(r, "landlordID"), in.AmountCents)
	if err != nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, d)
}

// Resubmit handles POST /v1/disbursements/{disbursementID}/resubmit.
func (h *PayoutsHandler) Resubmit(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "disbursementID")
	att, err := h.Svc.Resubmit(r.Context(), httpx.IdempotencyKeyFrom(r.Context()), "resubmit:"+id, id)
	if err != nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, att)
}

// RemindersHandler lets staff text a tenant about their balance.
type RemindersHandler struct {
	Svc notify.Service
	Log *slog.Logger
}

func NewRemindersHandler(svc notify.Service, log *slog.Logger) *RemindersHandler {
	return &RemindersHandler{Svc: svc, Log: log}
}

type reminderRequest struct {
	Note string `json:"note"`
}

// Send handles POST /v1/leases/{leaseID}/reminders.
func (h *RemindersHandler) Send(w http.ResponseWriter, r *http.Request) {
	var in reminderRequest
	if _, err := httpx.Decode(r, &in); err != nil {
		badRequest(w, err)
		return
	}
	sent, err := h.Svc.SendManualReminder(r.Context(), chi.URLParam(r, "leaseID"), in.Note)
	if err != nil {
		writeServiceError(w, r, h.Log, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, sent)
}
