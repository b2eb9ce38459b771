package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/larkspur-travel/tourdesk/internal/domain"
)

// HoldService is what the hold handlers need.
type HoldService interface {
	ListForBooking(ctx context.Context, bookingID string) ([]domain.SupplierHold, error)
	Release(ctx context.Context, holdID string) (*domain.SupplierHold, error)
}

// HoldHandler serves supplier holds to the ops console.
type HoldHandler struct {
	holds HoldService
	log   *slog.Logger
}

// NewHoldHandler constructs a HoldHandler.
func NewHoldHandler(holds HoldService, log *slog.Logger) *HoldHandler {
	return &HoldHandler{holds: holds, log: log}
}

// Routes mounts the hold routes.
func (h *HoldHandler) Routes(r chi.Router) {
	r.Get("/bookings/{bookingID}/holds", h.list)
	r.Post("/holds/{holdID}/release", h.release)
}

func (h *HoldHandler) list(w http.ResponseWriter, r *http.Request) {
	out, err := h.holds.ListForBooking(r.Context(), chi.URLParam(r, "bookingID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (h *HoldHandler) release(w http.ResponseWriter, r *http.Request) {
	hold, err := h.holds.Release(r.Context(), chi.URLParam(r, "holdID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, hold)
}
