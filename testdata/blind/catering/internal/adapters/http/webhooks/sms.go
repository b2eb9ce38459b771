package webhooks

import (
	"net/http"

	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/adapters/sms"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

// SMS receives TextHive callbacks. TextHive retries a callback that does not
// get a 2xx with backoff for 24 hours.
type SMS struct {
	secret    string
	publicURL string
	messaging ports.MessagingService
	metrics   *metrics.Metrics
	log       *zap.Logger
}

func NewSMS(secret, publicURL string, messaging ports.MessagingService, m *metrics.Metrics, log *zap.Logger) *SMS {
	return &SMS{secret: secret, publicURL: publicURL, messaging: messaging, metrics: m, log: log.Named("sms_webhook")}
}

func (h *SMS) verify(w http.ResponseWriter, r *http.Request) bool {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "invalid form", http.StatusBadRequest)
		return false
	}
	if err := sms.VerifyRequest(h.secret, h.publicURL+r.URL.RequestURI(), r.PostForm, r.Header.Get("X-TextHive-Signature")); err != nil {
		http.Error(w, "invalid signature", http.StatusUnauthorized)
		return false
	}
	return true
}

func (h *SMS) Status(w http.ResponseWriter, r *http.Request) {
	if !h.verify(w, r) {
		return
	}
	receipt := sms.ParseStatus(r)
	if err := h.messaging.RecordDelivery(r.Context(), receipt); err != nil {
		h.metrics.WebhookEvents.WithLabelValues("sms", "status", "error").Inc()
		h.log.Error("delivery receipt failed", zap.String("sid", receipt.ProviderMessageID), zap.Error(err))
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	h.metrics.WebhookEvents.WithLabelValues("sms", "status", "ok").Inc()
	w.WriteHeader(http.StatusNoContent)
}

func (h *SMS) Inbound(w http.ResponseWriter, r *http.Request) {
	if !h.verify(w, r) {
		return
	}
	if err := h.messaging.RecordInbound(r.Context(), sms.ParseInbound(r)); err != nil {
		h.metrics.WebhookEvents.WithLabelValues("sms", "inbound", "error").Inc()
		h.log.Error("inbound sms failed", zap.Error(err))
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	h.metrics.WebhookEvents.WithLabelValues("sms", "inbound", "ok").Inc()
	w.Header().Set("Content-Type", "application/xml")
	_, _ = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><Response/>`))
}
