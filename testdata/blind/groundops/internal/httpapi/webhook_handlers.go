package httpapi

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/apronworks/groundops/internal/fuel"
	"github.com/apronworks/groundops/internal/providers/fuelsupplier"
)

const maxWebhookBody = 1 << 20

type WebhookHandlers struct {
	Stripe     WebhookVerifier
	Adhoc      AdhocService
	Fuel       FuelService
	FuelSecret string
}

// stripe: POST /webhooks/stripe. Stripe retries non-2xx deliveries for up
// to three days.
func (h *WebhookHandlers) stripe(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		badRequest(c, err)
		return
	}
	ev, err := h.Stripe.ParseWebhook(body, c.GetHeader("Stripe-Signature"))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	if err := h.Adhoc.HandleStripeEvent(c.Request.Context(), ev); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusOK)
}

// fuelDelivery: POST /webhooks/fuel. The supplier retries with backoff
// until it gets a 2xx.
func (h *WebhookHandlers) fuelDelivery(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		badRequest(c, err)
		return
	}
	if !fuelsupplier.VerifySignature(h.FuelSecret, body, c.GetHeader("X-Fuel-Signature")) {
		c.Status(http.StatusUnauthorized)
		return
	}
	var notice fuel.DeliveryNotice
	if err := json.Unmarshal(body, &notice); err != nil {
		badRequest(c, err)
		return
	}
	if err := h.Fuel.RecordDelivery(c.Request.Context(), notice); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
