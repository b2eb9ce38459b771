package harvests

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
)

// Handler exposes harvest submissions over HTTP.
type Handler struct {
	svc *Service
}

// NewHandler builds a Handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Register mounts the routes.
func (h *Handler) Register(g *echo.Group) {
	g.GET("/farmers/:farmer_id/harvests/:week", h.list)
	g.POST("/farmers/:farmer_id/harvests", h.submit)
}

func (h *Handler) list(c echo.Context) error {
	week, err := httpx.WeekParam(c, "week")
	if err != nil {
		return err
	}
	subs, err := h.svc.List(c.Request().Context(), c.Param("farmer_id"), week)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, subs)
}

func (h *Handler) submit(c echo.Context) error {
	var req SubmitRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	sub, created, err := h.svc.Submit(c.Request().Context(), c.Param("farmer_id"), req)
	if err != nil {
		return err
	}
	if created {
		return c.JSON(http.StatusCreated, sub)
	}
	return c.JSON(http.StatusOK, sub)
}
