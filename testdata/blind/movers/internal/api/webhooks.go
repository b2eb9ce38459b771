package api

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/haulright/movers/internal/provider/payments"
	"github.com/haulright/movers/internal/provider/sms"
	"github.com/haulright/movers/internal/service"
)

type WebhookHandler struct {
	payments      service.PaymentService
	notify        service.NotificationService
	paymentSecret string
	smsToken      string
}

func NewWebhookHandler(p service.PaymentService, n service.NotificationService, paymentSecret, smsToken string) *WebhookHandler {
	return &WebhookHandler{payments: p, notify: n, paymentSecret: paymentSecret, smsToken: smsToken}
}

func (h *WebhookHandler) Register(rg *gin.RouterGroup) {
	rg.POST("/payments", h.payment)
	rg.POST("/sms/status", h.smsStatus)
}

func readBody(c *gin.Context) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		c.Status(http.StatusBadRequest)
		return nil, false
	}
	return body, true
}

func (h *WebhookHandler) payment(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	if !payments.VerifySignature(h.paymentSecret, body, c.GetHeader("CardRail-Signature")) {
		c.Status(http.StatusUnauthorized)
		return
	}
	var evt payments.Event
	if err := json.Unmarshal(body, &evt); err != nil || evt.ID == "" {
		c.Status(http.StatusBadRequest)
		return
	}
	if err := h.payments.HandleEvent(c.Request.Context(), evt); err != nil {
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *WebhookHandler) smsStatus(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	if !sms.VerifyWebhook(h.smsToken, body, c.GetHeader("X-TextBridge-Signature")) {
		c.Status(http.StatusUnauthorized)
		return
	}
	var evt sms.DeliveryEvent
	if err := json.Unmarshal(body, &evt); err != nil || evt.EventID == "" {
		c.Status(http.StatusBadRequest)
		return
	}
	if err := h.notify.RecordDelivery(c.Request.Context(), evt); err != nil {
		fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
