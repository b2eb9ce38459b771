package httpapi

import (
	"net/http"

	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/service"
)

type activationRequest struct {
	RequestID    string `json:"request_id"`
	Program      string `json:"program"`
	VehiclePlate string `json:"vehicle_plate"`
}

// requestActivation queues a member wash on a bay. The response is 202; the
// app polls GET /v1/activations/{id} until the bay starts.
func (a *API) requestActivation(w http.ResponseWriter, r *http.Request) {
	var req activationRequest
	if err := platform.DecodeJSON(w, r, &req); err != nil {
		platform.WriteError(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	act, err := a.Activations.Request(r.Context(), service.ActivationInput{
		CustomerID:   customerID(r),
		RequestID:    req.RequestID,
		SiteID:       r.PathValue("siteID"),
		BayID:        r.PathValue("bayID"),
		Program:      req.Program,
		VehiclePlate: req.VehiclePlate,
	})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusAccepted, act)
}

func (a *API) getActivation(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "id")
	if err != nil {
		a.fail(w, r, err)
		return
	}
	act, err := a.Activations.Get(r.Context(), customerID(r), id)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	platform.WriteJSON(w, http.StatusOK, act)
}
