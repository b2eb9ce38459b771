package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/northvault/custody/internal/adapters/fiat"
	"github.com/northvault/custody/internal/app"
	"github.com/northvault/custody/internal/ports"
)

// WebhookHandler receives provider webhooks and hands them to the stream;
// processing happens in the consumer binary.
type WebhookHandler struct {
	gateway ports.FiatGateway
	pub     ports.Publisher
	log     *slog.Logger
}

func NewWebhookHandler(gw ports.FiatGateway, pub ports.Publisher, log *slog.Logger) *WebhookHandler {
	return &WebhookHandler{gateway: gw, pub: pub, log: log.With("handler", "webhooks")}
}

func (h *WebhookHandler) Register(api *gin.RouterGroup) {
	api.POST("/webhooks/fiat", h.fiat)
}

func (h *WebhookHandler) fiat(c *gin.Context) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	evt, err := h.gateway.ParseWebhook(payload, c.GetHeader("Fiat-Signature"))
	if errors.Is(err, fiat.ErrBadSignature) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	body, err := json.Marshal(evt)
	if err != nil {
		respondErr(c, err)
		return
	}
	if err := h.pub.Publish(c.Request.Context(), app.SubjectFiatEvent, evt.ID, body); err != nil {
		h.log.Error("publish fiat event", "event_id", evt.ID, "err", err)
		c.AbortWithStatus(http.StatusServiceUnavailable)
		return
	}
	c.Status(http.StatusOK)
}
