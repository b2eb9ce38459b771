package httpapi

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/meridianrail/bookings/internal/providers/ticketing"
)

const maxWebhookBody = 256 << 10

// WebhookHandler serves inbound provider callbacks.
type WebhookHandler struct {
	Payments        StripeWebhookService
	StripeVerifier  StripeVerifier
	Tickets         TicketCallbackService
	PartnerVerifier PartnerVerifier
	Log             *slog.Logger
}

// Stripe handles POST /webhooks/stripe.
func (h *WebhookHandler) Stripe(c *gin.Context) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	evt, err := h.StripeVerifier.Verify(payload, c.GetHeader("Stripe-Signature"))
	if err != nil {
		h.Log.WarnContext(c.Request.Context(), "stripe signature rejected", "err", err)
		c.Status(http.StatusBadRequest)
		return
	}
	if err := h.Payments.Handle(c.Request.Context(), payload, evt); err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.Status(http.StatusOK)
}

// TicketIssued handles POST /partners/ticketing/callback.
func (h *WebhookHandler) TicketIssued(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return
	}
	if err := h.PartnerVerifier.Verify(body, c.GetHeader("X-Partner-Signature")); err != nil {
		c.Status(http.StatusUnauthorized)
		return
	}
	var cb ticketing.Callback
	if err := json.Unmarshal(body, &cb); err != nil || cb.TicketNumber == "" || cb.BookingRef == "" {
		c.JSON(http.StatusBadRequest, gin.H{"error": "malformed callback"})
		return
	}
	if err := h.Tickets.OnIssued(c.Request.Context(), cb); err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.Status(http.StatusNoContent)
}
