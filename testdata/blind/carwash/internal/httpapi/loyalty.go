package httpapi

import (
	"net/http"

	"github.com/brightbay/washclub/internal/platform"
)

func (a *API) loyaltyBalance(w http.ResponseWriter, r *http.Request) {
	acct, err := a.Loyalty.Balance(r.Context(), customerID(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusOK, acct)
}

type redeemRequest struct {
	Reward string `json:"reward"`
}

// redeemPoints exchanges points for a wash credit.
func (a *API) redeemPoints(w http.ResponseWriter, r *http.Request) {
	var req redeemRequest
	if err := platform.DecodeJSON(w, r, &req); err != nil {
		platform.WriteError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	credit, err := a.Loyalty.Redeem(r.Context(), customerID(r), req.Reward)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusCreated, credit)
}
