// Package webhooks receives callbacks from Stripe and the courier partner.
package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/config"
	"github.com/dinein/platform/internal/service"
	"github.com/dinein/platform/internal/store"
)

const maxPayload = 256 << 10

type stripeEventFunc func(ctx context.Context, evt stripe.Event) error

// StripeHandler receives Stripe webhooks. Stripe retries any delivery that
// does not get a 2xx for up to three days.
type StripeHandler struct {
	secret   string
	events   service.PaymentEvents
	log      *zap.Logger
	handlers map[stripe.EventType]stripeEventFunc
}

// NewStripeHandler builds the Stripe webhook handler and its event table.
func NewStripeHandler(cfg config.Config, events service.PaymentEvents, db store.DB, inbox store.Inbox, log *zap.Logger) *StripeHandler {
	h := &StripeHandler{secret: cfg.StripeWebhookSecret, events: events, log: log.Named("stripe-webhook")}
	h.handlers = map[stripe.EventType]stripeEventFunc{
		stripe.EventTypePaymentIntentSucceeded: h.paymentSucceeded,
		stripe.EventTypeChargeDisputeCreated:   h.disputeCreated,
		stripe.EventTypeRefundCreated:          onceByEvent(db, inbox, h.refundCreated),
	}
	return h
}

func (h *StripeHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, maxPayload))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	evt, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), h.secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		h.log.Warn("rejecting webhook", zap.Error(err))
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	fn, ok := h.handlers[evt.Type]
	if !ok {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := fn(r.Context(), evt); err != nil {
		h.log.Error("stripe event failed", zap.String("event", evt.ID), zap.String("type", string(evt.Type)), zap.Error(err))
		http.Error(w, "event failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (h *StripeHandler) paymentSucceeded(ctx context.Context, evt stripe.Event) error {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return fmt.Errorf("decode payment intent: %w", err)
	}
	return h.events.PaymentSucceeded(ctx, evt.ID, pi.ID)
}

func (h *StripeHandler) disputeCreated(ctx context.Context, evt stripe.Event) error {
	var d stripe.Dispute
	if err := json.Unmarshal(evt.Data.Raw, &d); err != nil {
		return fmt.Errorf("decode dispute: %w", err)
	}
	if d.PaymentIntent == nil {
		return errors.New("dispute without payment intent")
	}
	info := service.DisputeInfo{
		ID:          d.ID,
		IntentID:    d.PaymentIntent.ID,
		AmountCents: d.Amount,
		Reason:      string(d.Reason),
		Status:      string(d.Status),
	}
	if d.EvidenceDetails != nil && d.EvidenceDetails.DueBy > 0 {
		due := time.Unix(d.EvidenceDetails.DueBy, 0).UTC()
		info.EvidenceDueBy = &due
	}
	return h.events.DisputeCreated(ctx, info)
}

func (h *StripeHandler) refundCreated(ctx context.Context, evt stripe.Event) error {
	var rf stripe.Refund
	if err := json.Unmarshal(evt.Data.Raw, &rf); err != nil {
		return fmt.Errorf("decode refund: %w", err)
	}
	if rf.PaymentIntent == nil {
		return nil
	}
	return h.events.RefundCreated(ctx, service.RefundInfo{
		RefundID:    rf.ID,
		IntentID:    rf.PaymentIntent.ID,
		AmountCents: rf.Amount,
	})
}
