package api

import (
	"fmt"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/service"
)

// VanpoolsHandler serves vans and seats.
type VanpoolsHandler struct {
	svc service.Enrollment
	log *slog.Logger
}

// NewVanpoolsHandler returns a VanpoolsHandler.
func NewVanpoolsHandler(svc service.Enrollment, log *slog.Logger) *VanpoolsHandler {
	return &VanpoolsHandler{svc: svc, log: log}
}

// Mount implements Routes.
func (h *VanpoolsHandler) Mount(r chi.Router) {
	r.Route("/v1/vanpools", func(r chi.Router) {
		r.Post("/", h.Create)
		r.Get("/{vanpoolID}", h.Get)
		r.Post("/{vanpoolID}/riders", h.Join)
		r.Delete("/{vanpoolID}/riders/{memberID}", h.Leave)
	})
}

// Create handles POST /v1/vanpools. Requires an Idempotency-Key header.
func (h *VanpoolsHandler) Create(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" || len(key) > 255 {
		writeError(w, h.log, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrValidation))
		return
	}
	var in service.CreateVanpoolInput
	if err := decode(r, &in); err != nil {
		writeError(w, h.log, err)
		return
	}
	v, replayed, err := h.svc.CreateVanpool(r.Context(), key, in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	if replayed {
		w.Header().Set("Idempotent-Replayed", "true")
	}
	writeJSON(w, http.StatusCreated, v)
}

// Get handles GET /v1/vanpools/{vanpoolID}.
func (h *VanpoolsHandler) Get(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "vanpoolID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	v, err := h.svc.GetVanpool(r.Context(), id)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// Join handles POST /v1/vanpools/{vanpoolID}/riders.
func (h *VanpoolsHandler) Join(w http.ResponseWriter, r *http.Request) {
	vanpoolID, err := uuidParam(r, "vanpoolID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	var in service.JoinInput
	if err := decode(r, &in); err != nil {
		writeError(w, h.log, err)
		return
	}
	rider, err := h.svc.JoinVanpool(r.Context(), vanpoolID, in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, rider)
}

// Leave handles DELETE /v1/vanpools/{vanpoolID}/riders/{memberID}.
func (h *VanpoolsHandler) Leave(w http.ResponseWriter, r *http.Request) {
	vanpoolID, err := uuidParam(r, "vanpoolID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	memberID, err := uuidParam(r, "memberID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	in := service.LeaveInput{
		LastRideOn: r.URL.Query().Get("last_ride_on"),
		Reason:     r.URL.Query().Get("reason"),
	}
	res, err := h.svc.LeaveVanpool(r.Context(), vanpoolID, memberID, in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}
