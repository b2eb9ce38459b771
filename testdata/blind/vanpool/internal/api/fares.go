package api

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/pooltrack/vanpool/internal/service"
)

// FaresHandler serves the payroll team's fare tools.
type FaresHandler struct {
	fares   service.Fares
	credits service.Credits
	log     *slog.Logger
}

// NewFaresHandler returns a FaresHandler.
func NewFaresHandler(fares service.Fares, credits service.Credits, log *slog.Logger) *FaresHandler {
	return &FaresHandler{fares: fares, credits: credits, log: log}
}

// Mount implements Routes.
func (h *FaresHandler) Mount(r chi.Router) {
	r.Post("/v1/fare-runs", h.StartRun)
	r.Post("/v1/fare-deductions/{deductionID}/apply-credits", h.ApplyCredits)
}

// StartRun handles POST /v1/fare-runs.
func (h *FaresHandler) StartRun(w http.ResponseWriter, r *http.Request) {
	var in service.FareRunInput
	if err := decode(r, &in); err != nil {
		writeError(w, h.log, err)
		return
	}
	in.RequestedBy = actor(r)
	run, created, err := h.fares.StartFareRun(r.Context(), in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusAccepted
	}
	writeJSON(w, status, run)
}

// ApplyCredits handles POST /v1/fare-deductions/{deductionID}/apply-credits.
func (h *FaresHandler) ApplyCredits(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "deductionID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	res, err := h.credits.ApplyCredits(r.Context(), id)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}
