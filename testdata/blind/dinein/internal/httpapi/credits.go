package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/dinein/platform/internal/service"
)

type redeemRequest struct {
	Code string `json:"code"`
}

func (h Handlers) redeemPromo(w http.ResponseWriter, r *http.Request) {
	req, err := decode[redeemRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	res, err := h.Credits.RedeemPromo(r.Context(), customerID(r), req.Code)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (h Handlers) issueSupportCredit(w http.ResponseWriter, r *http.Request) {
	in, err := decode[service.SupportCreditInput](r)
	if err != nil {
		writeError(w, err)
		return
	}
	in.TicketID = chi.URLParam(r, "ticketID")
	in.AgentID = agentID(r)
	grant, err := h.Credits.IssueSupportCredit(r.Context(), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, grant)
}

func (h Handlers) referralBonus(w http.ResponseWriter, r *http.Request) {
	in, err := decode[service.ReferralInput](r)
	if err != nil {
		writeError(w, err)
		return
	}
	in.IdempotencyKey = idempotencyKey(r)
	grant, err := h.Credits.GrantReferralBonus(r.Context(), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, grant)
}
