// Package webhooks receives notifications from the payment processor and
// the fulfilment partner.
package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
)

// NotificationHandler handles one notification item for one event code.
type NotificationHandler func(ctx context.Context, item payments.NotificationRequestItem) error

// PaymentsWebhook receives Paygate notification batches. Paygate resends a
// batch until it gets "[accepted]" back, so every item may be seen more
// than once.
type PaymentsWebhook struct {
	hmacKey  string
	handlers map[string]NotificationHandler
	logger   *zap.Logger
}

func NewPaymentsWebhook(cfg *config.Config, logger *zap.Logger, auth *AuthorisationHandler, refunds *RefundNotificationHandler, chargebacks *ChargebackHandler) *PaymentsWebhook {
	return &PaymentsWebhook{
		hmacKey: cfg.Payments.HMACKey,
		handlers: map[string]NotificationHandler{
			"AUTHORISATION":              auth.Handle,
			"REFUND":                     refunds.Handle,
			"REFUND_FAILED":              refunds.Handle,
			"CHARGEBACK":                 chargebacks.Handle,
			"NOTIFICATION_OF_CHARGEBACK": chargebacks.Handle,
		},
		logger: logger.Named("webhooks.paygate"),
	}
}

func (h *PaymentsWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 2<<20))
	if err != nil {
		http.Error(w, "read error", http.StatusBadRequest)
		return
	}
	var req payments.NotificationRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, "malformed notification", http.StatusBadRequest)
		return
	}
	for _, n := range req.NotificationItems {
		item := n.Item
		log := h.logger.With(zap.String("psp_reference", item.PSPReference), zap.String("event_code", item.EventCode))
		if h.hmacKey != "" {
			if err := payments.VerifyHMAC(h.hmacKey, item); err != nil {
				log.Warn("rejecting notification with bad signature")
				http.Error(w, "signature mismatch", http.StatusUnauthorized)
				return
			}
		}
		handle, ok := h.handlers[item.EventCode]
		if !ok {
			log.Debug("ignoring notification")
			continue
		}
		if err := handle(r.Context(), item); err != nil {
			log.Error("notification handling failed", zap.Error(err))
			http.Error(w, "processing failed", http.StatusInternalServerError)
			return
		}
	}
	w.Header().Set("Content-Type", "text/plain")
	_, _ = w.Write([]byte("[accepted]"))
}
