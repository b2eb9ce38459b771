package httpapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/config"
	"github.com/harbourline/marina/internal/providers/accounting"
	"github.com/harbourline/marina/internal/providers/sms"
)

type StripeEventService interface {
	HandleStripeEvent(ctx context.Context, evt stripe.Event) error
}

type DeliveryReportService interface {
	HandleDeliveryReport(ctx context.Context, rep sms.DeliveryReport) error
}

type SettlementAckService interface {
	Acknowledge(ctx context.Context, ack accounting.Ack) error
}

// WebhookHandler receives callbacks from Stripe, the SMS gateway and the
// accounting system. Each sender retries until it gets a 2xx.
type WebhookHandler struct {
	stripe StripeEventService
	sms    DeliveryReportService
	ledger SettlementAckService

	stripeSecret string
	smsSecret    string
	ledgerSecret string
	log          *zap.Logger
}

func NewWebhookHandler(st StripeEventService, sm DeliveryReportService, lg SettlementAckService, cfg *config.Config, log *zap.Logger) *WebhookHandler {
	return &WebhookHandler{
		stripe: st, sms: sm, ledger: lg,
		stripeSecret: cfg.StripeWebhookSecret,
		smsSecret:    cfg.SMSWebhookSecret,
		ledgerSecret: cfg.AccountingWebhookSecret,
		log:          log.Named("webhooks"),
	}
}

func (h *WebhookHandler) Routes(r chi.Router) {
	r.Post("/stripe", h.stripeEvent)
	r.Post("/sms/status", h.smsStatus)
	r.Post("/accounting/ack", h.accountingAck)
}

func (h *WebhookHandler) stripeEvent(w http.ResponseWriter, r *http.Request) {
	payload, err := readBody(r)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	evt, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), h.stripeSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		h.log.Warn("stripe signature", zap.Error(err))
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := h.stripe.HandleStripeEvent(r.Context(), evt); err != nil {
		h.log.Error("stripe event", zap.String("event_id", evt.ID), zap.String("type", string(evt.Type)), zap.Error(err))
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (h *WebhookHandler) smsStatus(w http.ResponseWriter, r *http.Request) {
	payload, err := readBody(r)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	if !validHMAC(payload, r.Header.Get("X-TextHarbour-Signature"), h.smsSecret) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var rep sms.DeliveryReport
	if err := json.Unmarshal(payload, &rep); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := h.sms.HandleDeliveryReport(r.Context(), rep); err != nil {
		writeError(w, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *WebhookHandler) accountingAck(w http.ResponseWriter, r *http.Request) {
	payload, err := readBody(r)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	if !validHMAC(payload, r.Header.Get("X-Ledger-Signature"), h.ledgerSecret) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var ack accounting.Ack
	if err := json.Unmarshal(payload, &ack); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := h.ledger.Acknowledge(r.Context(), ack); err != nil {
		writeError(w, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func validHMAC(payload []byte, signature, secret string) bool {
	if secret == "" || signature == "" {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(payload)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
