package httpapi

import (
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/kelpline-systems/quotareg/internal/ports"
)

const paymentsWebhook = "payments-webhook"

// WebhookHandlers receive callbacks from the payments provider, which
// redelivers an event with backoff for up to three days until it gets a 2xx.
type WebhookHandlers struct {
	Verifier  ports.WebhookVerifier
	Events    ports.PaymentEventService
	Processed ports.ProcessedEventStore
	Log       *slog.Logger
}

func NewWebhookHandlers(v ports.WebhookVerifier, e ports.PaymentEventService, p ports.ProcessedEventStore, log *slog.Logger) *WebhookHandlers {
	return &WebhookHandlers{Verifier: v, Events: e, Processed: p, Log: log}
}

func (h *WebhookHandlers) Register(rg *gin.RouterGroup) {
	rg.POST("/payments", h.Payments)
}

func (h *WebhookHandlers) Payments(c *gin.Context) {
	ctx := c.Request.Context()
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		badRequest(c, err)
		return
	}
	evt, err := h.Verifier.ParseEvent(payload, c.GetHeader("Payments-Signature"))
	if err != nil {
		h.Log.Warn("rejected payments webhook", "err", err)
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}

	// Redeliveries of an event we have already applied are acknowledged.
	seen, err := h.Processed.Seen(ctx, paymentsWebhook, evt.ID)
	if err != nil {
		fail(c, err)
		return
	}
	if seen {
		c.Status(http.StatusOK)
		return
	}

	if err := h.Events.Handle(ctx, evt); err != nil {
		if errors.Is(err, ports.ErrNotFound) {
			// Not ours (e.g. a charge made from the provider dashboard).
			c.Status(http.StatusOK)
			return
		}
		h.Log.Error("payments webhook failed", "event", evt.ID, "type", evt.Type, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	if err := h.Processed.Record(ctx, paymentsWebhook, evt.ID); err != nil {
		h.Log.Error("payments webhook: record processed", "event", evt.ID, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}
