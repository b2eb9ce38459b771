package httpapi

import (
	"net/http"

	"github.com/google/uuid"

	"github.com/nimbusrack/hosting/internal/platform/httpx"
	"github.com/nimbusrack/hosting/internal/volumes"
)

// VolumeHandlers serves block storage.
type VolumeHandlers struct {
	Service *volumes.Service
}

// Order handles POST /v1/volumes.
func (h *VolumeHandlers) Order(w http.ResponseWriter, r *http.Request) {
	var in volumes.OrderInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", err.Error())
		return
	}
	if in.Region == "" {
		httpx.Error(w, http.StatusUnprocessableEntity, "region_required", "region is required")
		return
	}
	vol, err := h.Service.Order(r.Context(), httpx.CustomerID(r.Context()), in)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, vol)
}

type attachRequest struct {
	ServerID uuid.UUID `json:"server_id"`
}

// Attach handles POST /v1/volumes/{id}/attach.
func (h *VolumeHandlers) Attach(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	var req attachRequest
	if err := httpx.Decode(r, &req); err != nil || req.ServerID == uuid.Nil {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", "server_id is required")
		return
	}
	vol, err := h.Service.Attach(r.Context(), httpx.CustomerID(r.Context()), id, req.ServerID)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, vol)
}
