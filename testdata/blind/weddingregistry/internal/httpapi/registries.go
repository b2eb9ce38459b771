package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tiedknot/registry/internal/registry"
)

func (h *handlers) createRegistry(w http.ResponseWriter, r *http.Request) {
	var in registry.CreateRegistryInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	reg, created, err := h.Registry.CreateRegistry(r.Context(), coupleID(r), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, reg)
}

func (h *handlers) publishRegistry(w http.ResponseWriter, r *http.Request) {
	reg, err := h.Registry.Publish(r.Context(), coupleID(r), chi.URLParam(r, "registryID"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, reg)
}

func (h *handlers) createGroupGift(w http.ResponseWriter, r *http.Request) {
	var in registry.GroupGiftInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	g, err := h.Registry.CreateGroupGift(r.Context(), coupleID(r), chi.URLParam(r, "registryID"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, g)
}
