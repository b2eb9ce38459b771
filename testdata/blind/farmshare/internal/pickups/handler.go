package pickups

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
)

// Handler exposes pickup scheduling over HTTP.
type Handler struct {
	svc *Service
}

// NewHandler builds a Handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Register mounts the routes.
func (h *Handler) Register(g *echo.Group) {
	g.POST("/pickups/reservations", h.reserve)
	g.POST("/pickups/reservations/:id/reschedule", h.reschedule)
}

func (h *Handler) reserve(c echo.Context) error {
	var req ReserveRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	r, err := h.svc.Reserve(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

func (h *Handler) reschedule(c echo.Context) error {
	var req RescheduleRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	r, err := h.svc.Reschedule(c.Request().Context(), c.Param("id"), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}
