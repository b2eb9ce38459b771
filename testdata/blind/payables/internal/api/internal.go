package api

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/northwind/payables/internal/platform/httpx"
)

type runRequest struct {
	TenantID string `json:"tenant_id"`
	RunDate  string `json:"run_date"`
}

func (r *runRequest) Validate() error {
	if r.TenantID == "" {
		return errors.New("tenant_id is required")
	}
	return nil
}

func (h *Handlers) createRun(w http.ResponseWriter, r *http.Request) {
	req, err := decode[runRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	day, err := parseDate(req.RunDate)
	if err != nil {
		h.writeError(w, r, httpx.BadRequest("%v", err))
		return
	}
	sum, err := h.Runs.Create(r.Context(), req.TenantID, day)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sum)
}

func (h *Handlers) executeRun(w http.ResponseWriter, r *http.Request) {
	sum, err := h.Runs.ExecuteBankTransfers(r.Context(), chi.URLParam(r, "runID"))
	if err != nil {
		h.Log.ErrorContext(r.Context(), "run execution incomplete", "run_id", sum.Run.ID,
			"submitted", sum.Submitted, "failed", sum.Failed, "err", err)
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sum)
}

func (h *Handlers) executeCardPayouts(w http.ResponseWriter, r *http.Request) {
	sum, err := h.Runs.ExecuteCardPayouts(r.Context(), chi.URLParam(r, "runID"))
	if err != nil {
		h.Log.ErrorContext(r.Context(), "card payouts incomplete", "run_id", sum.Run.ID,
			"submitted", sum.Submitted, "failed", sum.Failed, "err", err)
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sum)
}

type sweepRequest struct {
	TenantID string `json:"tenant_id"`
	AsOf     string `json:"as_of"`
}

func (h *Handlers) sweepDiscountOffers(w http.ResponseWriter, r *http.Request) {
	req, err := decode[sweepRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	asOf := time.Now().UTC()
	if req.AsOf != "" {
		if asOf, err = parseDate(req.AsOf); err != nil {
			h.writeError(w, r, httpx.BadRequest("%v", err))
			return
		}
	}
	res, err := h.Discounts.SweepOffers(r.Context(), req.TenantID, asOf)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (h *Handlers) refreshRates(w http.ResponseWriter, r *http.Request) {
	n, err := h.FX.RefreshRates(r.Context(), time.Now().UTC())
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"rates": n})
}

func limitParam(r *http.Request, def int) int {
	if v, err := strconv.Atoi(r.URL.Query().Get("limit")); err == nil && v > 0 {
		return v
	}
	return def
}

func (h *Handlers) dispatchRemittances(w http.ResponseWriter, r *http.Request) {
	res, err := h.Remittance.DispatchPending(r.Context(), limitParam(r, 200))
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (h *Handlers) redeliverWebhooks(w http.ResponseWriter, r *http.Request) {
	n, err := h.Webhooks.Redeliver(r.Context(), limitParam(r, 100))
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"delivered": n})
}
