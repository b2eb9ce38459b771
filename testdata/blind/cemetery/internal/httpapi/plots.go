package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

type PlotHandler struct {
	svc service.Plots
	log *zap.Logger
}

func NewPlotHandler(svc service.Plots, log *zap.Logger) *PlotHandler {
	return &PlotHandler{svc: svc, log: log}
}

func (h *PlotHandler) Mount(r chi.Router) {
	r.With(requireStaff).Post("/v1/plots/{plotID}/transfers", h.transfer)
}

type transferRequest struct {
	TransferNumber string `json:"transfer_number"`
	FromFamilyID   string `json:"from_family_id"`
	ToFamilyID     string `json:"to_family_id"`
}

func (h *PlotHandler) transfer(w http.ResponseWriter, r *http.Request) {
	var req transferRequest
	if err := decodeJSON(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	t, err := h.svc.Transfer(r.Context(), service.TransferInput{
		PlotID:         chi.URLParam(r, "plotID"),
		TransferNumber: req.TransferNumber,
		FromFamilyID:   req.FromFamilyID,
		ToFamilyID:     req.ToFamilyID,
		RecordedBy:     staffUser(r),
	})
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, t)
}
