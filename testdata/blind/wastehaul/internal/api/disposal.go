package api

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/service/disposal"
	"github.com/haulcore/wastehaul/internal/service/tipping"
)

// DisposalHandler serves load manifests and tipping-fee batches.
type DisposalHandler struct {
	loads   disposal.Service
	tipping tipping.Service
}

// NewDisposalHandler returns the handler group.
func NewDisposalHandler(loads disposal.Service, tip tipping.Service) *DisposalHandler {
	return &DisposalHandler{loads: loads, tipping: tip}
}

// Register implements Routes.
func (h *DisposalHandler) Register(r chi.Router) {
	r.Method(http.MethodPost, "/v1/loads/{loadID}/manifest", httpx.Handler(h.manifest))
	r.Method(http.MethodPost, "/v1/tipping/batches", httpx.Handler(h.openBatch))
}

func (h *DisposalHandler) manifest(w http.ResponseWriter, r *http.Request) error {
	res, err := h.loads.SubmitManifest(r.Context(), chi.URLParam(r, "loadID"), httpx.Actor(r))
	if err != nil {
		return err
	}
	return httpx.JSON(w, http.StatusCreated, res)
}

type openBatchReq struct {
	LandfillCode string `json:"landfill_code"`
	Period       string `json:"period"`
}

func (o openBatchReq) Validate() error {
	if o.LandfillCode == "" || o.Period == "" {
		return errors.New("landfill_code and period are required")
	}
	return nil
}

func (h *DisposalHandler) openBatch(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[openBatchReq](r)
	if err != nil {
		return err
	}
	b, created, err := h.tipping.OpenBatch(r.Context(), req.LandfillCode, req.Period)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return httpx.JSON(w, status, b)
}
