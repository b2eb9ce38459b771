// Package webhooks receives provider callbacks: Stripe payment events and
// ShipRight tracking and label updates.
package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// PaymentEvents is what the Stripe receiver drives.
type PaymentEvents interface {
	IntentSucceeded(ctx context.Context, eventID, eventType, paymentIntentID string) error
	IntentFailed(ctx context.Context, eventID, eventType, paymentIntentID, failureCode string) error
}

type stripeHandler func(ctx context.Context, evt stripe.Event) error

// Stripe verifies and routes Stripe events. Stripe retries any non-2xx
// delivery with backoff for up to three days.
type Stripe struct {
	secret   string
	handlers map[stripe.EventType]stripeHandler
	log      *slog.Logger
}

// NewStripe builds the Stripe receiver.
func NewStripe(secret string, payments PaymentEvents, log *slog.Logger) *Stripe {
	s := &Stripe{secret: secret, log: log}
	s.handlers = map[stripe.EventType]stripeHandler{
		stripe.EventTypePaymentIntentSucceeded: func(ctx context.Context, evt stripe.Event) error {
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
				return err
			}
			return payments.IntentSucceeded(ctx, evt.ID, string(evt.Type), pi.ID)
		},
		stripe.EventTypePaymentIntentPaymentFailed: func(ctx context.Context, evt stripe.Event) error {
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
				return err
			}
			code := ""
			if pi.LastPaymentError != nil {
				code = string(pi.LastPaymentError.Code)
			}
			return payments.IntentFailed(ctx, evt.ID, string(evt.Type), pi.ID, code)
		},
	}
	return s
}

// ServeHTTP handles POST /webhooks/stripe.
func (s *Stripe) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	evt, err := webhook.ConstructEventWithOptions(body, r.Header.Get("Stripe-Signature"), s.secret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	h, ok := s.handlers[evt.Type]
	if !ok {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := h(r.Context(), evt); err != nil {
		s.log.ErrorContext(r.Context(), "stripe webhook failed", "event", evt.ID, "type", evt.Type, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
