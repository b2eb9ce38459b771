// Package webhooks receives partner callbacks over plain net/http: Stripe,
// the door-access partner and the SMS provider. Each partner retries on any
// non-2xx response.
package webhooks

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
	"go.uber.org/fx"

	"github.com/pulsefit/memberships/internal/access"
	"github.com/pulsefit/memberships/internal/apperr"
	"github.com/pulsefit/memberships/internal/config"
	"github.com/pulsefit/memberships/internal/providers/doorpartner"
)

const maxBody = 1 << 20

type StripeEvents interface {
	ApplyStripeEvent(ctx context.Context, ev stripe.Event) error
}

type CardEvents interface {
	ApplyCardStatus(ctx context.Context, ev access.CardStatusEvent) error
}

type DeliveryReceipts interface {
	DeliveryReceipt(ctx context.Context, providerMessageID, status string) error
}

type Params struct {
	fx.In
	Cfg      config.Config
	Stripe   StripeEvents
	Cards    CardEvents
	Receipts DeliveryReceipts
	Log      *slog.Logger
}

// NewMux builds the webhook router.
func NewMux(p Params) *http.ServeMux {
	log := p.Log.With("component", "webhooks")
	mux := http.NewServeMux()
	mux.Handle("POST /webhooks/stripe", &stripeHandler{secret: p.Cfg.StripeWebhookKey, svc: p.Stripe, log: log})
	mux.Handle("POST /webhooks/door-partner", &doorPartnerHandler{secret: p.Cfg.DoorWebhookSecret, svc: p.Cards, log: log})
	mux.Handle("POST /webhooks/sms/status", &smsStatusHandler{secret: p.Cfg.SMSWebhookSecret, svc: p.Receipts, log: log})
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	return mux
}

type stripeHandler struct {
	secret string
	svc    StripeEvents
	log    *slog.Logger
}

func (h *stripeHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	ev, err := webhook.ConstructEvent(payload, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	if err := h.svc.ApplyStripeEvent(r.Context(), ev); err != nil {
		h.log.Error("stripe event", "id", ev.ID, "type", ev.Type, "err", err)
		http.Error(w, "retry", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

type doorPartnerEvent struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Data struct {
		CardID string `json:"card_id"`
		Status string `json:"status"`
		Last4  string `json:"last4"`
	} `json:"data"`
}

type doorPartnerHandler struct {
	secret string
	svc    CardEvents
	log    *slog.Logger
}

func (h *doorPartnerHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if !doorpartner.VerifySignature(h.secret, body, r.Header.Get("X-Keyline-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var ev doorPartnerEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if ev.Type != "card.encoded" && ev.Type != "card.failed" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	err = h.svc.ApplyCardStatus(r.Context(), access.CardStatusEvent{
		EventID:       ev.ID,
		PartnerCardID: ev.Data.CardID,
		Status:        ev.Data.Status,
		Last4:         ev.Data.Last4,
	})
	switch {
	case err == nil:
		w.WriteHeader(http.StatusNoContent)
	case errors.Is(err, apperr.ErrUnavailable):
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
	default:
		h.log.Error("door partner event", "id", ev.ID, "err", err)
		http.Error(w, "retry", http.StatusInternalServerError)
	}
}

type smsStatus struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	ClientRef string `json:"client_ref"`
}

type smsStatusHandler struct {
	secret string
	svc    DeliveryReceipts
	log    *slog.Logger
}

func (h *smsStatusHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	mac := hmac.New(sha256.New, []byte(h.secret))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(r.Header.Get("X-TextRelay-Signature"))) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var st smsStatus
	if err := json.Unmarshal(body, &st); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if err := h.svc.DeliveryReceipt(r.Context(), st.MessageID, st.Status); err != nil {
		h.log.Error("sms receipt", "message", st.MessageID, "err", err)
		http.Error(w, "retry", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
