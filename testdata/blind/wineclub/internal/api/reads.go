package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/vinoteca/wineclub/internal/allocation"
	"github.com/vinoteca/wineclub/internal/fulfillment"
	"github.com/vinoteca/wineclub/internal/membership"
	"github.com/vinoteca/wineclub/internal/platform/httpx"
)

// Reads serves GET endpoints straight from the services.
type Reads struct {
	Members     *membership.Service
	Allocations *allocation.Service
	Shipments   *fulfillment.Service
}

// Member returns a member.
func (h *Reads) Member(w http.ResponseWriter, r *http.Request) {
	m, err := h.Members.Get(r.Context(), chi.URLParam(r, "memberID"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, m)
}

// Allocation returns an allocation with its items.
func (h *Reads) Allocation(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "allocationID")
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	a, err := h.Allocations.Get(r.Context(), id)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, a)
}

// Shipment returns a shipment.
func (h *Reads) Shipment(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "shipmentID")
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	s, err := h.Shipments.Get(r.Context(), id)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, s)
}
