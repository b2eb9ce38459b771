package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/service/power"
)

type PowerService interface {
	Ingest(ctx context.Context, source string, readings []power.Reading) (*power.IngestResult, error)
	CloseSession(ctx context.Context, sessionID string) (*power.Bill, error)
}

type PowerHandler struct {
	svc PowerService
	log *zap.Logger
}

func NewPowerHandler(svc PowerService, log *zap.Logger) *PowerHandler {
	return &PowerHandler{svc: svc, log: log}
}

func (h *PowerHandler) Routes(r chi.Router) {
	r.Post("/readings", h.ingest)
	r.Post("/sessions/{id}/close", h.closeSession)
}

type readingsRequest struct {
	Gateway  string `json:"gateway"`
	Readings []struct {
		MeterID  string    `json:"meter_id"`
		ReadAt   time.Time `json:"read_at"`
		KWhTotal float64   `json:"kwh_total"`
	} `json:"readings"`
}

func (h *PowerHandler) ingest(w http.ResponseWriter, r *http.Request) {
	var req readingsRequest
	if _, err := decode(r, &req); err != nil {
		writeError(w, h.log, err)
		return
	}
	readings := make([]power.Reading, 0, len(req.Readings))
	for _, rd := range req.Readings {
		readings = append(readings, power.Reading{MeterID: rd.MeterID, ReadAt: rd.ReadAt, KWhTotal: rd.KWhTotal})
	}
	source := req.Gateway
	if source == "" {
		source = "pedestal-gateway"
	}
	res, err := h.svc.Ingest(r.Context(), source, readings)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (h *PowerHandler) closeSession(w http.ResponseWriter, r *http.Request) {
	bill, err := h.svc.CloseSession(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, bill)
}
