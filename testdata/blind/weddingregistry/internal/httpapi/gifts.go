package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tiedknot/registry/internal/gifting"
)

func (h *handlers) contribute(w http.ResponseWriter, r *http.Request) {
	var in gifting.ContributeInput
	if err := decode(r, &in); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	in.RegistryID = chi.URLParam(r, "registryID")
	intent, err := h.Gifting.Contribute(r.Context(), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	status := http.StatusCreated
	if intent.Status == "requires_action" {
		status = http.StatusAccepted
	}
	writeJSON(w, status, intent)
}
