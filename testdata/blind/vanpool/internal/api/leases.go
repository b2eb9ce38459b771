package api

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/pooltrack/vanpool/internal/service"
)

// LeasesHandler serves the fleet manager's lease tools.
type LeasesHandler struct {
	svc service.Leases
	log *slog.Logger
}

// NewLeasesHandler returns a LeasesHandler.
func NewLeasesHandler(svc service.Leases, log *slog.Logger) *LeasesHandler {
	return &LeasesHandler{svc: svc, log: log}
}

// Mount implements Routes.
func (h *LeasesHandler) Mount(r chi.Router) {
	r.Post("/v1/leases/{leaseID}/payments", h.Pay)
}

// Pay handles POST /v1/leases/{leaseID}/payments.
func (h *LeasesHandler) Pay(w http.ResponseWriter, r *http.Request) {
	leaseID, err := uuidParam(r, "leaseID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	var in service.ManualPaymentInput
	if err := decode(r, &in); err != nil {
		writeError(w, h.log, err)
		return
	}
	in.InitiatedBy = actor(r)
	p, err := h.svc.PayInstallment(r.Context(), leaseID, in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
