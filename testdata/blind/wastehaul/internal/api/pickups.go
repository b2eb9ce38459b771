package api

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/service/pickups"
)

// PickupHandler serves /v1/pickups.
type PickupHandler struct {
	svc pickups.Service
}

// NewPickupHandler returns the handler group.
func NewPickupHandler(svc pickups.Service) *PickupHandler {
	return &PickupHandler{svc: svc}
}

// Register implements Routes.
func (h *PickupHandler) Register(r chi.Router) {
	r.Route("/v1/pickups", func(r chi.Router) {
		r.Method(http.MethodPost, "/", httpx.Handler(h.schedule))
		r.Method(http.MethodPost, "/{pickupID}/cancel", httpx.Handler(h.cancel))
	})
}

type scheduleReq pickups.ScheduleInput

func (s scheduleReq) Validate() error {
	if s.SiteID == "" || s.ContainerID == "" {
		return errors.New("site_id and container_id are required")
	}
	if s.ServiceDate.IsZero() {
		return errors.New("service_date is required")
	}
	return nil
}

func (h *PickupHandler) schedule(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[scheduleReq](r)
	if err != nil {
		return err
	}
	p, created, err := h.svc.Schedule(r.Context(), pickups.ScheduleInput(req))
	if err != nil {
		return err
	}
	if !created {
		return httpx.JSON(w, http.StatusOK, p)
	}
	return httpx.JSON(w, http.StatusCreated, p)
}

type cancelReq struct {
	Reason string `json:"reason"`
}

func (c cancelReq) Validate() error {
	if c.Reason == "" {
		return errors.New("reason is required")
	}
	return nil
}

func (h *PickupHandler) cancel(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[cancelReq](r)
	if err != nil {
		return err
	}
	p, err := h.svc.Cancel(r.Context(), chi.URLParam(r, "pickupID"), req.Reason)
	if err != nil {
		return err
	}
	return httpx.JSON(w, http.StatusOK, p)
}
