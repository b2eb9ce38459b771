package api

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/fieldday/leagues/internal/config"
	"github.com/fieldday/leagues/internal/provider/payments"
	"github.com/fieldday/leagues/internal/provider/screening"
	"github.com/fieldday/leagues/internal/provider/sms"
	"github.com/fieldday/leagues/internal/service"
)

// WebhookHandler receives provider callbacks.
type WebhookHandler struct {
	payments      service.PaymentService
	coaches       service.CoachService
	notifications service.NotificationService
	paymentsKey   string
	screeningKey  string
	smsSecret     string
	now           func() time.Time
}

// NewWebhookHandler builds the handler.
func NewWebhookHandler(cfg *config.Config, p service.PaymentService, c service.CoachService, n service.NotificationService) *WebhookHandler {
	return &WebhookHandler{
		payments: p, coaches: c, notifications: n,
		paymentsKey:  cfg.Payments.WebhookHMACKey,
		screeningKey: cfg.Screening.WebhookSecret,
		smsSecret:    cfg.SMS.WebhookSecret,
		now:          time.Now,
	}
}

func (h *WebhookHandler) register(r gin.IRoutes) {
	r.POST("/webhooks/payments", h.Payments)
	r.POST("/webhooks/screening", h.Screening)
	r.POST("/webhooks/sms", h.SMS)
}

func readBody(c *gin.Context) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return nil, false
	}
	return body, true
}

// Payments handles POST /webhooks/payments. The processor expects the
// literal body "[accepted]"; anything else makes it resend the batch.
func (h *WebhookHandler) Payments(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	n, err := payments.ParseNotification(body, h.paymentsKey)
	if err != nil {
		slog.WarnContext(c.Request.Context(), "payments webhook rejected", "err", err)
		c.Status(http.StatusUnauthorized)
		return
	}
	if err := h.payments.HandleNotification(c.Request.Context(), n); err != nil {
		slog.ErrorContext(c.Request.Context(), "payments webhook failed", "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	c.String(http.StatusOK, "[accepted]")
}

// Screening handles POST /webhooks/screening.
func (h *WebhookHandler) Screening(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	evt, err := screening.ParseEvent(h.screeningKey, body, c.GetHeader("ClearCheck-Signature"), h.now())
	if err != nil {
		slog.WarnContext(c.Request.Context(), "screening webhook rejected", "err", err)
		c.Status(http.StatusUnauthorized)
		return
	}
	if err := h.coaches.HandleScreeningEvent(c.Request.Context(), evt); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// SMS handles POST /webhooks/sms (delivery receipts).
func (h *WebhookHandler) SMS(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	if !sms.VerifySignature(h.smsSecret, body, c.GetHeader("X-RelayText-Signature")) {
		c.Status(http.StatusUnauthorized)
		return
	}
	var cb sms.StatusCallback
	if err := json.Unmarshal(body, &cb); err != nil {
		badRequest(c, err)
		return
	}
	if err := h.notifications.HandleStatusCallback(c.Request.Context(), cb); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
