package httpapi

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/velvetchair/salon/internal/adapters/messaging/sendwell"
	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/services"
)

type MessagingWebhookHandler struct {
	verifier  *sendwell.Verifier
	messaging *services.MessagingService
}

func NewMessagingWebhookHandler(v *sendwell.Verifier, m *services.MessagingService) *MessagingWebhookHandler {
	return &MessagingWebhookHandler{verifier: v, messaging: m}
}

func (h *MessagingWebhookHandler) Register(e *echo.Echo) {
	g := e.Group("/webhooks/sendwell", h.verify)
	g.POST("/receipts", h.receipt)
	g.POST("/inbound", h.inbound)
}

// verify checks the signature and stashes the raw body for the handler.
func (h *MessagingWebhookHandler) verify(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		body, err := io.ReadAll(c.Request().Body)
		if err != nil {
			return err
		}
		if err := h.verifier.Verify(c.Request().Header.Get("X-Sendwell-Signature"), body); err != nil {
			return echo.NewHTTPError(http.StatusUnauthorized, "invalid signature")
		}
		c.Set("raw_body", body)
		return next(c)
	}
}

func rawJSON[T any](c echo.Context) (T, error) {
	var v T
	body, _ := c.Get("raw_body").([]byte)
	if err := json.Unmarshal(body, &v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "malformed callback")
	}
	return v, nil
}

func (h *MessagingWebhookHandler) receipt(c echo.Context) error {
	r, err := rawJSON[sendwell.Receipt](c)
	if err != nil {
		return err
	}
	receipt := domain.DeliveryReceipt{
		ReceiptID:         r.ReceiptID,
		ProviderMessageID: r.MessageID,
		Status:            r.Status,
		OccurredAt:        r.OccurredAt,
	}
	if r.ErrorCode != "" {
		receipt.ErrorCode = &r.ErrorCode
	}
	if err := h.messaging.RecordReceipt(c.Request().Context(), receipt); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *MessagingWebhookHandler) inbound(c echo.Context) error {
	in, err := rawJSON[sendwell.Inbound](c)
	if err != nil {
		return err
	}
	if err := h.messaging.HandleInbound(c.Request().Context(), services.InboundSMS{From: in.From, Body: in.Body}); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
