package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tiedknot/registry/internal/payouts"
	"github.com/tiedknot/registry/internal/registry"
)

// createCashFund is wrapped by the Idempotency-Key middleware in the router.
func (h *handlers) createCashFund(w http.ResponseWriter, r *http.Request) {
	var in registry.CashFundInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	fund, err := h.Registry.CreateCashFund(r.Context(), coupleID(r), chi.URLParam(r, "registryID"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, fund)
}

func (h *handlers) connectPayoutAccount(w http.ResponseWriter, r *http.Request) {
	link, err := h.Payouts.ConnectAccount(r.Context(), coupleID(r), chi.URLParam(r, "registryID"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, link)
}

func (h *handlers) requestPayout(w http.ResponseWriter, r *http.Request) {
	var in payouts.PayoutInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	p, err := h.Payouts.RequestPayout(r.Context(), coupleID(r), chi.URLParam(r, "registryID"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, p)
}
