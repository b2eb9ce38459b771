package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/service"
)

// ManifestService is what the traveller and manifest handlers need.
type ManifestService interface {
	AddTraveller(ctx context.Context, bookingID string, in service.TravellerInput) (*domain.Traveller, error)
	UpdateTraveller(ctx context.Context, bookingID, travellerID string, in service.TravellerInput) (*domain.Traveller, error)
	RemoveTraveller(ctx context.Context, bookingID, travellerID string) error
	ListTravellers(ctx context.Context, bookingID string) ([]domain.Traveller, error)
	Publish(ctx context.Context, departureID string) ([]domain.ManifestSubmission, error)
	Submissions(ctx context.Context, departureID string) ([]domain.ManifestSubmission, error)
}

// TravellerHandler serves /bookings/{id}/travellers.
type TravellerHandler struct {
	manifests ManifestService
	log       *slog.Logger
}

// NewTravellerHandler constructs a TravellerHandler.
func NewTravellerHandler(manifests ManifestService, log *slog.Logger) *TravellerHandler {
	return &TravellerHandler{manifests: manifests, log: log}
}

// Routes mounts the traveller routes.
func (h *TravellerHandler) Routes(r chi.Router) {
	r.Route("/bookings/{bookingID}/travellers", func(r chi.Router) {
		r.Get("/", h.list)
		r.Post("/", h.add)
		r.Put("/{travellerID}", h.update)
		r.Delete("/{travellerID}", h.remove)
	})
}

func (h *TravellerHandler) list(w http.ResponseWriter, r *http.Request) {
	out, err := h.manifests.ListTravellers(r.Context(), chi.URLParam(r, "bookingID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (h *TravellerHandler) add(w http.ResponseWriter, r *http.Request) {
	var in service.TravellerInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	t, err := h.manifests.AddTraveller(r.Context(), chi.URLParam(r, "bookingID"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, t)
}

func (h *TravellerHandler) update(w http.ResponseWriter, r *http.Request) {
	var in service.TravellerInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	t, err := h.manifests.UpdateTraveller(r.Context(), chi.URLParam(r, "bookingID"), chi.URLParam(r, "travellerID"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}

func (h *TravellerHandler) remove(w http.ResponseWriter, r *http.Request) {
	if err := h.manifests.RemoveTraveller(r.Context(), chi.URLParam(r, "bookingID"), chi.URLParam(r, "travellerID")); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
