package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/merchline/preorders/internal/core/ports"
)

type stripeVerifier interface {
	Verify(payload []byte, header string) (ports.PaymentEvent, error)
}

type paymentEventService interface {
	Handle(ctx context.Context, evt ports.PaymentEvent) error
}

// StripeWebhookHandler receives the platform account's events. Stripe
// retries any delivery that does not get a 2xx for up to three days.
type StripeWebhookHandler struct {
	verifier stripeVerifier
	svc      paymentEventService
	log      *slog.Logger
}

func NewStripeWebhookHandler(v stripeVerifier, svc paymentEventService, log *slog.Logger) *StripeWebhookHandler {
	return &StripeWebhookHandler{verifier: v, svc: svc, log: log}
}

func (h *StripeWebhookHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 256<<10))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	evt, err := h.verifier.Verify(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		h.log.WarnContext(r.Context(), "rejected stripe webhook", "err", err)
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	if err := h.svc.Handle(r.Context(), evt); err != nil {
		h.log.ErrorContext(r.Context(), "stripe event failed", "event_id", evt.ID, "type", evt.Type, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

type connectSyncer interface {
	SyncConnectAccount(ctx context.Context, accountID string, payoutsEnabled bool, eventCreated time.Time) error
}

// ConnectWebhookHandler receives events from artists' Connect accounts.
type ConnectWebhookHandler struct {
	verifier stripeVerifier
	svc      connectSyncer
	log      *slog.Logger
}

func NewConnectWebhookHandler(v stripeVerifier, svc connectSyncer, log *slog.Logger) *ConnectWebhookHandler {
	return &ConnectWebhookHandler{verifier: v, svc: svc, log: log}
}

func (h *ConnectWebhookHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 256<<10))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	evt, err := h.verifier.Verify(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	if evt.Type != "account.updated" {
		w.WriteHeader(http.StatusOK)
		return
	}
	var acct struct {
		ID             string `json:"id"`
		PayoutsEnabled bool   `json:"payouts_enabled"`
	}
	if err := json.Unmarshal(evt.Object, &acct); err != nil {
		http.Error(w, "bad account object", http.StatusBadRequest)
		return
	}
	if err := h.svc.SyncConnectAccount(r.Context(), acct.ID, acct.PayoutsEnabled, evt.Created); err != nil {
		h.log.ErrorContext(r.Context(), "connect sync failed", "account", acct.ID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}
