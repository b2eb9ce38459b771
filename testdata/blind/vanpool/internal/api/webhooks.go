package api

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/pooltrack/vanpool/internal/config"
	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/provider/fuelcard"
	"github.com/pooltrack/vanpool/internal/provider/payroll"
	"github.com/pooltrack/vanpool/internal/service"
)

// WebhooksHandler receives provider callbacks.
type WebhooksHandler struct {
	fuel          service.Fuel
	fares         service.Fares
	fuelSecret    string
	payrollSecret string
	log           *slog.Logger
}

// NewWebhooksHandler returns a WebhooksHandler.
func NewWebhooksHandler(cfg *config.Config, fuel service.Fuel, fares service.Fares, log *slog.Logger) *WebhooksHandler {
	return &WebhooksHandler{
		fuel:          fuel,
		fares:         fares,
		fuelSecret:    cfg.FuelCard.WebhookSecret,
		payrollSecret: cfg.PayrollWebhookSecret,
		log:           log.With("component", "webhooks"),
	}
}

// Mount implements Routes.
func (h *WebhooksHandler) Mount(r chi.Router) {
	r.Post("/webhooks/fuelcard", h.FuelCard)
	r.Post("/webhooks/payroll", h.Payroll)
}

// FuelCard handles POST /webhooks/fuelcard (settlement files).
func (h *WebhooksHandler) FuelCard(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if err := fuelcard.VerifyWebhook(h.fuelSecret, body, r.Header.Get("X-Fleet-Signature")); err != nil {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var env fuelcard.WebhookEnvelope
	if err := json.Unmarshal(body, &env); err != nil || env.ID == "" {
		http.Error(w, "bad envelope", http.StatusBadRequest)
		return
	}
	n, err := h.fuel.ImportSettlement(r.Context(), env)
	if errors.Is(err, domain.ErrValidation) {
		h.log.Warn("rejecting fuel webhook", "id", env.ID, "err", err)
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	if err != nil {
		h.log.Error("fuel webhook failed", "id", env.ID, "err", err)
		http.Error(w, "try again", http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"imported": n})
}

// Payroll handles POST /webhooks/payroll (deduction status).
func (h *WebhooksHandler) Payroll(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	ts, sig := r.Header.Get("X-Payroll-Timestamp"), r.Header.Get("X-Payroll-Signature")
	if err := payroll.VerifySignature(h.payrollSecret, ts, sig, body); err != nil {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var evt payroll.WebhookEvent
	if err := json.Unmarshal(body, &evt); err != nil || evt.ID == "" {
		http.Error(w, "bad event", http.StatusBadRequest)
		return
	}
	if err := h.fares.HandlePayrollEvent(r.Context(), evt); err != nil {
		h.log.Error("payroll webhook failed", "id", evt.ID, "err", err)
		http.Error(w, "try again", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
