package httpapi

import (
	"net/http"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/platform"
)

type refundRequest struct {
	Reason string `json:"reason"`
}

// requestRefund lets a member ask for their money back on a failed kiosk
// wash they paid for.
func (a *API) requestRefund(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var req refundRequest
	if err := platform.DecodeJSON(w, r, &req); err != nil {
		platform.WriteError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	wash, err := a.Washes.Get(r.Context(), id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	if !wash.CustomerID.Valid || wash.CustomerID.UUID != customerID(r) {
		a.fail(w, r, domain.ErrNotFound)
		return
	}
	refund, err := a.Refunds.Request(r.Context(), id, "customer:"+customerID(r).String(), req.Reason)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusAccepted, refund)
}

// staffRefund refunds any failed kiosk wash from the site console.
func (a *API) staffRefund(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var req refundRequest
	if err := platform.DecodeJSON(w, r, &req); err != nil {
		platform.WriteError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	refund, err := a.Refunds.Request(r.Context(), id, "staff:"+staffID(r), req.Reason)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusAccepted, refund)
}

// rewash restarts a failed wash on its bay for free.
func (a *API) rewash(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	wash, err := a.Washes.Rewash(r.Context(), id, staffID(r))
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusCreated, wash)
}
