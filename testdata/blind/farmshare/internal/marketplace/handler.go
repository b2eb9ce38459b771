package marketplace

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
)

// Handler exposes the add-on marketplace over HTTP.
type Handler struct {
	svc *Service
}

// NewHandler builds a Handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Register mounts the routes.
func (h *Handler) Register(g *echo.Group) {
	g.POST("/members/:member_id/addons/orders", h.place)
	g.POST("/members/:member_id/addons/orders/:id/cancel", h.cancelLine)
}

func (h *Handler) place(c echo.Context) error {
	key, err := httpx.IdempotencyKey(c, true)
	if err != nil {
		return err
	}
	var req OrderRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	o, created, err := h.svc.PlaceOrder(c.Request().Context(), c.Param("member_id"), key, req)
	if err != nil {
		return err
	}
	if !created {
		return c.JSON(http.StatusOK, o)
	}
	return c.JSON(http.StatusCreated, o)
}

func (h *Handler) cancelLine(c echo.Context) error {
	var req CancelLineRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	o, err := h.svc.CancelLine(c.Request().Context(), c.Param("member_id"), c.Param("id"), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, o)
}
