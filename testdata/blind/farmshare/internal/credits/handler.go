package credits

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
)

// Handler exposes credits over HTTP.
type Handler struct {
	svc *Service
	// replay guards endpoints that move money between members.
	replay echo.MiddlewareFunc
}

// NewHandler builds a Handler. replay wraps the transfer endpoint.
func NewHandler(svc *Service, replay echo.MiddlewareFunc) *Handler {
	return &Handler{svc: svc, replay: replay}
}

// Register mounts the routes.
func (h *Handler) Register(g *echo.Group) {
	g.GET("/members/:member_id/credits", h.statement)
	g.POST("/members/:member_id/credits/transfer", h.transfer, h.replay)
	g.POST("/members/:member_id/credits/apply", h.apply)
}

func (h *Handler) statement(c echo.Context) error {
	st, err := h.svc.Statement(c.Request().Context(), c.Param("member_id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, st)
}

func (h *Handler) transfer(c echo.Context) error {
	var req TransferRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	t, err := h.svc.Transfer(c.Request().Context(), c.Param("member_id"), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, t)
}

func (h *Handler) apply(c echo.Context) error {
	var req ApplyRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	app, err := h.svc.ApplyToInvoice(c.Request().Context(), c.Param("member_id"), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, app)
}
