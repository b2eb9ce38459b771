package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tiedknot/registry/internal/registry"
)

func (h *handlers) addItem(w http.ResponseWriter, r *http.Request) {
	var in registry.AddItemInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	item, err := h.Registry.AddItem(r.Context(), coupleID(r), chi.URLParam(r, "registryID"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, item)
}

func (h *handlers) updateItem(w http.ResponseWriter, r *http.Request) {
	var in registry.UpdateItemInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	item, err := h.Registry.UpdateItem(r.Context(), coupleID(r), chi.URLParam(r, "registryID"), chi.URLParam(r, "itemID"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, item)
}

func (h *handlers) removeItem(w http.ResponseWriter, r *http.Request) {
	err := h.Registry.RemoveItem(r.Context(), coupleID(r), chi.URLParam(r, "registryID"), chi.URLParam(r, "itemID"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *handlers) claimOffRegistry(w http.ResponseWriter, r *http.Request) {
	var in registry.ClaimInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	claim, err := h.Registry.ClaimOffRegistry(r.Context(), chi.URLParam(r, "registryID"), chi.URLParam(r, "itemID"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, claim)
}
