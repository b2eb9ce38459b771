package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/wayfare/ridepay/internal/disputes"
	"github.com/wayfare/ridepay/internal/provider/payments"
	"github.com/wayfare/ridepay/internal/provider/payouts"
)

// DisputeService is implemented by *disputes.Service.
type DisputeService interface {
	HandleNotification(ctx context.Context, item payments.NotificationRequestItem) error
	Resolve(ctx context.Context, o disputes.Outcome) error
}

// PayoutEvents is implemented by *payouts.Service.
type PayoutEvents interface {
	HandleStatusEvent(ctx context.Context, ev payouts.StatusEvent) error
}

type webhookHandler struct {
	disputes   DisputeService
	payouts    PayoutEvents
	hmacKey    string
	payoutsKey string
	disputeTok string
	log        *slog.Logger
}

// acquirer handles POST /webhooks/acquirer. The acquirer keeps retrying a
// batch until it gets "[accepted]".
func (h *webhookHandler) acquirer(c *gin.Context) {
	var n payments.Notification
	if err := c.ShouldBindJSON(&n); err != nil {
		badRequest(c, "malformed notification")
		return
	}
	ctx := c.Request.Context()
	for _, wrapped := range n.NotificationItems {
		item := wrapped.Item
		if err := payments.VerifyHMAC(h.hmacKey, item); err != nil {
			h.log.WarnContext(ctx, "rejecting unsigned acquirer notification", "psp_reference", item.PspReference, "err", err)
			c.JSON(http.StatusUnauthorized, gin.H{"error": "bad signature"})
			return
		}
		if err := h.disputes.HandleNotification(ctx, item); err != nil {
			writeError(c, h.log, err)
			return
		}
	}
	c.String(http.StatusOK, "[accepted]")
}

// payoutStatus handles POST /webhooks/payouts.
func (h *webhookHandler) payoutStatus(c *gin.Context) {
	raw, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		badRequest(c, "unreadable body")
		return
	}
	if err := payouts.VerifySignature(h.payoutsKey, raw, c.GetHeader("X-Payouts-Signature")); err != nil {
		c.JSON(http.StatusUnauthorized, gin.H{"error": "bad signature"})
		return
	}
	var ev payouts.StatusEvent
	if err := json.Unmarshal(raw, &ev); err != nil || ev.EventID == "" {
		badRequest(c, "malformed event")
		return
	}
	if err := h.payouts.HandleStatusEvent(c.Request.Context(), ev); err != nil {
		writeError(c, h.log, err)
		return
	}
	c.Status(http.StatusNoContent)
}

type disputeOutcomeBody struct {
	DisputeRef string    `json:"dispute_reference" binding:"required"`
	Outcome    string    `json:"outcome" binding:"required,oneof=won lost"`
	DecidedAt  time.Time `json:"decided_at"`
}

// disputeOutcome handles POST /webhooks/disputes from the chargeback
// management provider. It redelivers on any non-2xx.
func (h *webhookHandler) disputeOutcome(c *gin.Context) {
	var body disputeOutcomeBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err.Error())
		return
	}
	err := h.disputes.Resolve(c.Request.Context(), disputes.Outcome{
		DisputeRef: body.DisputeRef,
		Result:     body.Outcome,
		DecidedAt:  body.DecidedAt,
	})
	if errors.Is(err, disputes.ErrUnknownDispute) {
		c.JSON(http.StatusNotFound, gin.H{"error": err.Error()})
		return
	}
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.Status(http.StatusNoContent)
}
