package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/service"
)

// DepartureService is what the departure handlers need.
type DepartureService interface {
	Create(ctx context.Context, in service.DepartureInput) (*domain.Departure, bool, error)
	Get(ctx context.Context, id string) (*domain.Departure, error)
}

// DepartureHandler serves /departures.
type DepartureHandler struct {
	departures DepartureService
	manifests  ManifestService
	log        *slog.Logger
}

// NewDepartureHandler constructs a DepartureHandler.
func NewDepartureHandler(departures DepartureService, manifests ManifestService, log *slog.Logger) *DepartureHandler {
	return &DepartureHandler{departures: departures, manifests: manifests, log: log}
}

// Routes mounts the departure routes.
func (h *DepartureHandler) Routes(r chi.Router) {
	r.Post("/departures", h.create)
	r.Get("/departures/{departureID}", h.get)
	r.Get("/departures/{departureID}/manifest/submissions", h.submissions)
	r.Post("/departures/{departureID}/manifest/publish", h.publish)
}

func (h *DepartureHandler) create(w http.ResponseWriter, r *http.Request) {
	var in service.DepartureInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	d, created, err := h.departures.Create(r.Context(), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, d)
}

func (h *DepartureHandler) get(w http.ResponseWriter, r *http.Request) {
	d, err := h.departures.Get(r.Context(), chi.URLParam(r, "departureID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

func (h *DepartureHandler) submissions(w http.ResponseWriter, r *http.Request) {
	out, err := h.manifests.Submissions(r.Context(), chi.URLParam(r, "departureID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (h *DepartureHandler) publish(w http.ResponseWriter, r *http.Request) {
	out, err := h.manifests.Publish(r.Context(), chi.URLParam(r, "departureID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"submissions": out})
}
