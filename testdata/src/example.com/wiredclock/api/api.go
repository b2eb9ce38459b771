// Package api serves the sweeps, each given the time it runs at.
package api

import (
	"net/http"
	"time"

	"example.com/wiredclock/billing"
)

// Handler serves the sweeps, the faults and the alerts.
type Handler struct {
	S *billing.Sweeper
	D *billing.Dispatcher
	A *billing.Alerts
	// AV is the same alerts, behind their interface.
	AV billing.Alerter
	C  *billing.Crews
}

func (h *Handler) AlertVia(w http.ResponseWriter, r *http.Request) {
	if err := h.AV.AlertOnce(r.Context(), r.URL.Query().Get("name")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) Alert(w http.ResponseWriter, r *http.Request) {
	if err := h.A.AlertOnce(r.Context(), r.URL.Query().Get("name")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) Escalate(w http.ResponseWriter, r *http.Request) {
	if err := h.D.Escalate(r.Context(), r.URL.Query().Get("fault")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) Fault(w http.ResponseWriter, r *http.Request) {
	if err := h.D.Dispatch(r.Context(), r.URL.Query().Get("fault")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) Fees(w http.ResponseWriter, r *http.Request) {
	if err := h.S.Run(r.Context(), time.Now()); err != nil { // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: time.Now\(\) is fresh on every attempt \(HTTP handler Handler.Fees\)`
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) FeesClaimed(w http.ResponseWriter, r *http.Request) {
	if err := h.S.RunClaimed(r.Context(), r.URL.Query().Get("day"), time.Now()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) FeesDaily(w http.ResponseWriter, r *http.Request) {
	if err := h.S.RunDay(r.Context(), time.Now()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) Crew(w http.ResponseWriter, r *http.Request) {
	if err := h.C.Send(r.Context(), r.URL.Query().Get("fault"), r.URL.Query().Get("closed") == "1"); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) CrewMarked(w http.ResponseWriter, r *http.Request) {
	if err := h.C.SendMarked(r.Context(), r.URL.Query().Get("fault")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
