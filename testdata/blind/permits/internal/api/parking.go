package api

import (
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/civicworks/permits/internal/api/middleware"
	"github.com/civicworks/permits/internal/service"
)

// ParkingHandler serves parking permit renewals.
type ParkingHandler struct {
	svc service.Parking
	log *slog.Logger
}

// NewParkingHandler builds the handler.
func NewParkingHandler(svc service.Parking, log *slog.Logger) *ParkingHandler {
	return &ParkingHandler{svc: svc, log: log}
}

// Register mounts the routes.
func (h *ParkingHandler) Register(r chi.Router) {
	r.With(middleware.RequireResident).Post("/v1/parking/permits/{id}/renewals", h.renew)
}

func (h *ParkingHandler) renew(w http.ResponseWriter, r *http.Request) {
	permitID := chi.URLParam(r, "id")
	sum := sha256.Sum256([]byte(r.Method + " " + permitID))
	checkout, err := h.svc.RequestRenewal(r.Context(), service.RenewalRequest{
		ResidentID:      middleware.ResidentID(r.Context()),
		ParkingPermitID: permitID,
		IdempotencyKey:  r.Header.Get("Idempotency-Key"),
		RequestHash:     hex.EncodeToString(sum[:]),
	})
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, checkout)
}
