package api

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/stripe/stripe-go/v82/webhook"
)

const maxWebhookBody = 1 << 20

// WebhookHandlers receives provider callbacks. A non-2xx response makes the
// provider redeliver: Stripe for up to three days, the gateway every 10
// minutes for 24 hours, ServeNet with exponential backoff for 48 hours.
type WebhookHandlers struct {
	Stripe        StripeEventHandler
	StripeSecret  string
	Gateway       GatewayEventHandler
	VerifyGateway SignatureVerifier
	Serve         ServeEventHandler
	VerifyServe   SignatureVerifier
	Log           *slog.Logger
}

func readBody(c *gin.Context) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return nil, false
	}
	return body, true
}

func (h *WebhookHandlers) stripe(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	evt, err := webhook.ConstructEvent(body, c.GetHeader("Stripe-Signature"), h.StripeSecret)
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	if err := h.Stripe.Handle(c.Request.Context(), evt); err != nil {
		h.Log.ErrorContext(c.Request.Context(), "stripe webhook", "event", evt.ID, "type", evt.Type, "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

// signedJSON verifies a signature header, decodes the body into T and passes
// it to handle.
func signedJSON[T any](verify SignatureVerifier, header string, log *slog.Logger, handle func(context.Context, T) error) gin.HandlerFunc {
	return func(c *gin.Context) {
		body, ok := readBody(c)
		if !ok {
			return
		}
		if !verify(body, c.GetHeader(header)) {
			c.Status(http.StatusUnauthorized)
			return
		}
		var payload T
		if err := json.Unmarshal(body, &payload); err != nil {
			c.Status(http.StatusBadRequest)
			return
		}
		if err := handle(c.Request.Context(), payload); err != nil {
			log.ErrorContext(c.Request.Context(), "webhook failed", "route", c.FullPath(), "err", err)
			c.Status(http.StatusInternalServerError)
			return
		}
		c.Status(http.StatusNoContent)
	}
}
