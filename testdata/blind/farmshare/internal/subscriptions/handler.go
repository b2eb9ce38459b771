package subscriptions

import (
	"encoding/json"
	"net/http"

	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
)

// Handler exposes subscriptions over HTTP.
type Handler struct {
	svc *Service
	db  *sqlx.DB
}

// NewHandler builds a Handler.
func NewHandler(svc *Service, db *sqlx.DB) *Handler {
	return &Handler{svc: svc, db: db}
}

// Register mounts the routes.
func (h *Handler) Register(g *echo.Group) {
	g.GET("/members/:member_id/subscriptions", h.list)
	g.POST("/members/:member_id/subscriptions", h.create)
	g.POST("/subscriptions/:id/skips", h.skip)
	g.POST("/subscriptions/:id/cancel", h.cancel)
}

func (h *Handler) list(c echo.Context) error {
	subs, err := h.svc.List(c.Request().Context(), h.db, c.Param("member_id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, subs)
}

func (h *Handler) create(c echo.Context) error {
	key, err := httpx.IdempotencyKey(c, true)
	if err != nil {
		return err
	}
	var req CreateRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	res, err := h.svc.Create(c.Request().Context(), c.Param("member_id"), key, req)
	if err != nil {
		return err
	}
	if res.Replayed {
		c.Response().Header().Set("Idempotent-Replayed", "true")
		if raw, ok := res.Body.(json.RawMessage); ok {
			return c.JSONBlob(res.Status, raw)
		}
	}
	return c.JSON(res.Status, res.Body)
}

func (h *Handler) skip(c echo.Context) error {
	var req SkipRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	skip, created, err := h.svc.SkipWeek(c.Request().Context(), c.Param("id"), req)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, skip)
}

func (h *Handler) cancel(c echo.Context) error {
	var req CancelRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	sub, err := h.svc.Cancel(c.Request().Context(), c.Param("id"), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sub)
}
