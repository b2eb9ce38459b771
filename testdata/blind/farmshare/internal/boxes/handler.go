package boxes

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
)

// Handler exposes boxes over HTTP.
type Handler struct {
	svc *Service
}

// NewHandler builds a Handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Register mounts the routes.
func (h *Handler) Register(g *echo.Group) {
	g.GET("/subscriptions/:id/boxes/:week", h.view)
	g.PUT("/subscriptions/:id/boxes/:week/items", h.replaceItems)
	g.POST("/subscriptions/:id/boxes/:week/swaps", h.requestSwap)
}

func (h *Handler) view(c echo.Context) error {
	week, err := httpx.WeekParam(c, "week")
	if err != nil {
		return err
	}
	v, err := h.svc.View(c.Request().Context(), c.Param("id"), week)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

func (h *Handler) replaceItems(c echo.Context) error {
	week, err := httpx.WeekParam(c, "week")
	if err != nil {
		return err
	}
	var req ItemsRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	v, err := h.svc.ReplaceItems(c.Request().Context(), c.Param("id"), week, req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

func (h *Handler) requestSwap(c echo.Context) error {
	week, err := httpx.WeekParam(c, "week")
	if err != nil {
		return err
	}
	var req SwapRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	swap, err := h.svc.RequestSwap(c.Request().Context(), c.Param("id"), week, req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, swap)
}
