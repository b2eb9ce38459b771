package api

import (
	"net/http"

	"github.com/crumbworks/ovenline/internal/platform/httpx"
	"github.com/crumbworks/ovenline/internal/service"
)

type dispatchRequest struct {
	Driver string `json:"driver"`
}

// DeliveryHandler serves the dispatch desk and the driver app.
type DeliveryHandler struct {
	Deliveries DeliveryService
}

// Dispatch handles POST /v1/routes/{routeID}/dispatch.
func (h DeliveryHandler) Dispatch(w http.ResponseWriter, r *http.Request) {
	routeID, err := pathUUID(r, "routeID")
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	var req dispatchRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.Deliveries.Dispatch(r.Context(), routeID, req.Driver); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Proof handles POST /v1/deliveries/{deliveryID}/proof from the driver app.
func (h DeliveryHandler) Proof(w http.ResponseWriter, r *http.Request) {
	deliveryID, err := pathUUID(r, "deliveryID")
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	var in service.ProofInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.Deliveries.SubmitProof(r.Context(), deliveryID, in); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
