package httpapi

import (
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/harborline/brokerage/internal/clients/customs"
	provider "github.com/harborline/brokerage/internal/clients/payments"
	"github.com/harborline/brokerage/internal/platform/config"
	"github.com/harborline/brokerage/internal/service/clearance"
	"github.com/harborline/brokerage/internal/service/payments"
)

// WebhookHandler receives callbacks from the customs authority and the
// payments provider. Both senders retry until they get a 2xx.
type WebhookHandler struct {
	clearance clearance.Service
	payments  payments.Service
	secrets   config.WebhookSecrets
}

// NewWebhookHandler builds the handler.
func NewWebhookHandler(cl clearance.Service, p payments.Service, cfg *config.Config) *WebhookHandler {
	return &WebhookHandler{clearance: cl, payments: p, secrets: cfg.WebhookSecrets}
}

func (h *WebhookHandler) routes() []route {
	return []route{
		{http.MethodPost, "/customs/decisions", h.customsDecision},
		{http.MethodPost, "/payments", h.paymentsEvent},
	}
}

const maxWebhookBody = 256 << 10

func (h *WebhookHandler) customsDecision(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		bindError(c, err)
		return
	}
	if !customs.VerifySignature(h.secrets.Customs, body, c.GetHeader("X-Customs-Signature")) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	var evt customs.DecisionEvent
	if err := json.Unmarshal(body, &evt); err != nil || evt.EventID == "" || evt.MRN == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: "malformed decision event"})
		return
	}
	if err := h.clearance.HandleDecision(c.Request.Context(), evt); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *WebhookHandler) paymentsEvent(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		bindError(c, err)
		return
	}
	if !provider.VerifySignature(h.secrets.Payments, body, c.GetHeader("Payments-Signature"), 5*time.Minute) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	var evt provider.Event
	if err := json.Unmarshal(body, &evt); err != nil || evt.ID == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: "malformed payments event"})
		return
	}
	if err := h.payments.HandleProviderEvent(c.Request.Context(), evt); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusOK)
}
