package api

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/provider/payments"
	"github.com/hearthkit/commissary/internal/service"
)

// WebhookHandler receives Paylane webhook deliveries.
type WebhookHandler struct {
	svc    service.WebhookService
	secret string
	now    func() time.Time
}

// WebhookSecret is the Paylane signing secret.
type WebhookSecret string

// NewWebhookHandler builds the handler.
func NewWebhookHandler(svc service.WebhookService, secret WebhookSecret) *WebhookHandler {
	return &WebhookHandler{svc: svc, secret: string(secret), now: time.Now}
}

// Payments verifies and applies one Paylane event.
func (h *WebhookHandler) Payments(c echo.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	sig := c.Request().Header.Get(payments.SignatureHeader)
	if err := payments.VerifySignature(h.secret, body, sig, 5*time.Minute, h.now()); err != nil {
		if errors.Is(err, payments.ErrStaleDelivery) {
			return echo.NewHTTPError(http.StatusBadRequest, "stale delivery")
		}
		return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
	}
	var ev domain.PaymentEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed event")
	}
	if err := h.svc.HandlePaymentEvent(c.Request().Context(), ev); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
