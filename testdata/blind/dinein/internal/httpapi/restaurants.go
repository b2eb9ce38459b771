package httpapi

import (
	"net/http"

	"github.com/dinein/platform/internal/service"
)

func (h Handlers) listMenu(w http.ResponseWriter, r *http.Request) {
	items, err := h.Menu.List(r.Context(), restaurantID(r))
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}

func (h Handlers) createMenuItem(w http.ResponseWriter, r *http.Request) {
	in, err := decode[service.NewMenuItem](r)
	if err != nil {
		writeError(w, err)
		return
	}
	item, err := h.Menu.CreateItem(r.Context(), restaurantID(r), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, item)
}

type availabilityRequest struct {
	Available bool `json:"available"`
}

func (h Handlers) setAvailability(w http.ResponseWriter, r *http.Request) {
	itemID, err := pathUUID(r, "itemID")
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := decode[availabilityRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	if err := h.Menu.SetAvailable(r.Context(), restaurantID(r), itemID, req.Available); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h Handlers) acceptOrder(w http.ResponseWriter, r *http.Request) {
	orderID, err := pathUUID(r, "orderID")
	if err != nil {
		writeError(w, err)
		return
	}
	o, err := h.Orders.Accept(r.Context(), restaurantID(r), orderID)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, orderView(o))
}

func (h Handlers) markReady(w http.ResponseWriter, r *http.Request) {
	orderID, err := pathUUID(r, "orderID")
	if err != nil {
		writeError(w, err)
		return
	}
	o, err := h.Orders.MarkReady(r.Context(), restaurantID(r), orderID)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, orderView(o))
}

type rejectRequest struct {
	Reason string `json:"reason"`
}

func (h Handlers) rejectOrder(w http.ResponseWriter, r *http.Request) {
	orderID, err := pathUUID(r, "orderID")
	if err != nil {
		writeError(w, err)
		return
	}
	req, err := decode[rejectRequest](r)
	if err != nil {
		writeError(w, err)
		return
	}
	o, err := h.Orders.Reject(r.Context(), restaurantID(r), orderID, req.Reason)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, orderView(o))
}
