package payouts

import (
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/webhooksig"
	"github.com/harvestloop/farmshare/internal/providers/bankxfer"
)

// Handler exposes payouts over HTTP.
type Handler struct {
	svc    *Service
	seen   NotificationSeen
	secret string
}

// NewHandler builds a Handler.
func NewHandler(svc *Service, seen NotificationSeen, webhookSecret string) *Handler {
	return &Handler{svc: svc, seen: seen, secret: webhookSecret}
}

// Register mounts the API routes.
func (h *Handler) Register(g *echo.Group) {
	g.POST("/farmers/:farmer_id/payouts/instant", h.instant)
}

// RegisterWebhooks mounts the partner webhook.
func (h *Handler) RegisterWebhooks(e *echo.Echo) {
	e.POST("/webhooks/bank", h.notification)
}

func (h *Handler) instant(c echo.Context) error {
	key, err := httpx.IdempotencyKey(c, true)
	if err != nil {
		return err
	}
	var req InstantRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	p, err := h.svc.Instant(c.Request().Context(), c.Param("farmer_id"), key, req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, p)
}

func (h *Handler) notification(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	if err := webhooksig.Verify(h.secret, c.Request().Header.Get("X-Bank-Signature"), body, 10*time.Minute, time.Now()); err != nil {
		return echo.NewHTTPError(http.StatusUnauthorized, err.Error())
	}
	var n bankxfer.Notification
	if err := json.Unmarshal(body, &n); err != nil || n.NotificationID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid notification")
	}
	if err := h.svc.ApplyNotification(c.Request().Context(), h.seen, n); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
