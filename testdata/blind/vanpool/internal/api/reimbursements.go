package api

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/pooltrack/vanpool/internal/service"
)

// ReimbursementsHandler serves driver expense claims.
type ReimbursementsHandler struct {
	svc service.Reimbursements
	log *slog.Logger
}

// NewReimbursementsHandler returns a ReimbursementsHandler.
func NewReimbursementsHandler(svc service.Reimbursements, log *slog.Logger) *ReimbursementsHandler {
	return &ReimbursementsHandler{svc: svc, log: log}
}

// Mount implements Routes.
func (h *ReimbursementsHandler) Mount(r chi.Router) {
	r.Post("/v1/drivers/{driverID}/reimbursements", h.Submit)
	r.Put("/v1/drivers/{driverID}/bank-account", h.SetBankAccount)
	r.Post("/v1/reimbursements/{claimID}/approve", h.Approve)
}

// Submit handles POST /v1/drivers/{driverID}/reimbursements.
func (h *ReimbursementsHandler) Submit(w http.ResponseWriter, r *http.Request) {
	driverID, err := uuidParam(r, "driverID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	var in service.ClaimInput
	if err := decode(r, &in); err != nil {
		writeError(w, h.log, err)
		return
	}
	claim, err := h.svc.SubmitClaim(r.Context(), driverID, in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, claim)
}

// Approve handles POST /v1/reimbursements/{claimID}/approve.
func (h *ReimbursementsHandler) Approve(w http.ResponseWriter, r *http.Request) {
	claimID, err := uuidParam(r, "claimID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	claim, err := h.svc.ApproveClaim(r.Context(), claimID, actor(r))
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, claim)
}

// SetBankAccount handles PUT /v1/drivers/{driverID}/bank-account.
func (h *ReimbursementsHandler) SetBankAccount(w http.ResponseWriter, r *http.Request) {
	driverID, err := uuidParam(r, "driverID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	var in service.BankAccountInput
	if err := decode(r, &in); err != nil {
		writeError(w, h.log, err)
		return
	}
	acct, err := h.svc.SetBankAccount(r.Context(), driverID, in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, acct)
}
