package api

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/httpx"
	"github.com/tradeloop/homeservices/internal/provider/insurer"
	"github.com/tradeloop/homeservices/internal/provider/sms"
	"github.com/tradeloop/homeservices/internal/service/warranty"
)

const maxWebhookBody = 1 << 20

func readBody(c *gin.Context) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		return nil, httpx.BadRequest(err)
	}
	return body, nil
}

// stripeWebhook receives Stripe events. Stripe redelivers until it gets a 2xx.
func (h *Handlers) stripeWebhook(c *gin.Context) (any, error) {
	body, err := readBody(c)
	if err != nil {
		return nil, err
	}
	evt, err := h.StripeParser.Parse(body, c.GetHeader("Stripe-Signature"))
	if err != nil {
		return nil, httpx.BadRequest(err)
	}
	if err := h.StripeEvents.Handle(c.Request.Context(), evt); err != nil {
		return nil, err
	}
	return gin.H{"received": true}, nil
}

// insurerWebhook receives Shieldline claim events.
func (h *Handlers) insurerWebhook(c *gin.Context) (any, error) {
	body, err := readBody(c)
	if err != nil {
		return nil, err
	}
	if err := h.InsurerVerifier.Verify(body, c.GetHeader(insurer.SignatureHeader)); err != nil {
		return nil, domain.ErrUnauthorized
	}
	var evt insurer.Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return nil, httpx.BadRequest(err)
	}
	err = h.Warranty.HandleEvent(c.Request.Context(), evt)
	if errors.Is(err, warranty.ErrUnknownClaim) {
		// The claim reference may not be stored yet; ask Shieldline to retry.
		slog.WarnContext(c.Request.Context(), "insurer event for unknown claim", "event", evt.ID, "claim", evt.ClaimRef)
		c.JSON(http.StatusConflict, gin.H{"error": "unknown claim"})
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return gin.H{"received": true}, nil
}

// smsInbound receives texts sent to our number.
func (h *Handlers) smsInbound(c *gin.Context) (any, error) {
	body, err := readBody(c)
	if err != nil {
		return nil, err
	}
	if err := h.SMSVerifier.Verify(body, c.GetHeader(sms.SignatureHeader)); err != nil {
		return nil, domain.ErrUnauthorized
	}
	var m sms.InboundMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, httpx.BadRequest(err)
	}
	if err := h.Dispatch.HandleInbound(c.Request.Context(), m); err != nil {
		return nil, err
	}
	return nil, nil
}

// smsStatus receives delivery receipts.
func (h *Handlers) smsStatus(c *gin.Context) (any, error) {
	body, err := readBody(c)
	if err != nil {
		return nil, err
	}
	if err := h.SMSVerifier.Verify(body, c.GetHeader(sms.SignatureHeader)); err != nil {
		return nil, domain.ErrUnauthorized
	}
	var cb sms.StatusCallback
	if err := json.Unmarshal(body, &cb); err != nil {
		return nil, httpx.BadRequest(err)
	}
	if err := h.Notifier.ApplyReceipt(c.Request.Context(), cb); err != nil {
		return nil, err
	}
	return nil, nil
}
