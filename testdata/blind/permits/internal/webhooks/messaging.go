package webhooks

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/civicworks/permits/internal/clients/messaging"
	"github.com/civicworks/permits/internal/platform/config"
	"github.com/civicworks/permits/internal/service"
)

// MessagingReceiver handles delivery receipts from the messaging provider.
type MessagingReceiver struct {
	token    string
	notifier service.Notifier
	log      *slog.Logger
}

// NewMessagingReceiver builds the receiver.
func NewMessagingReceiver(cfg *config.Config, notifier service.Notifier, log *slog.Logger) *MessagingReceiver {
	return &MessagingReceiver{token: cfg.MessagingToken, notifier: notifier, log: log.With("webhook", "messaging")}
}

// Register mounts the route.
func (h *MessagingReceiver) Register(r chi.Router) {
	r.Post("/webhooks/messaging/status", h.serve)
}

type deliveryReceipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	ErrorCode string `json:"error_code,omitempty"`
}

func (h *MessagingReceiver) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if !messaging.VerifyReceipt(h.token, r.Header.Get("X-Relay-Signature"), body) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var rcpt deliveryReceipt
	if err := json.Unmarshal(body, &rcpt); err != nil || rcpt.MessageID == "" {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	status := rcpt.Status
	if rcpt.ErrorCode != "" {
		status = rcpt.Status + ":" + rcpt.ErrorCode
	}
	if err := h.notifier.RecordDelivery(r.Context(), rcpt.MessageID, status); err != nil {
		h.log.ErrorContext(r.Context(), "delivery receipt failed", "message_id", rcpt.MessageID, "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
