// Package webhooks receives provider callbacks: Stripe, the wholesale
// partner and the SMS provider.
package webhooks

import (
	"context"
	"io"
	"net/http"

	stripeapi "github.com/stripe/stripe-go/v82"
	"go.uber.org/zap"

	stripeadapter "github.com/forkandfeast/catering/internal/adapters/stripe"
	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/logging"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

type stripeHandler func(ctx context.Context, evt stripeapi.Event) error

// Stripe receives Stripe webhook deliveries. Stripe retries any delivery that
// does not get a 2xx for up to three days.
type Stripe struct {
	verifier *stripeadapter.Verifier
	payments ports.PaymentService
	events   ports.WebhookEventStore
	metrics  *metrics.Metrics
	log      *zap.Logger
	handlers map[stripeapi.EventType]stripeHandler
}

func NewStripe(verifier *stripeadapter.Verifier, payments ports.PaymentService, events ports.WebhookEventStore,
	m *metrics.Metrics, log *zap.Logger) *Stripe {
	s := &Stripe{verifier: verifier, payments: payments, events: events, metrics: m, log: log.Named("stripe_webhook")}
	s.handlers = map[stripeapi.EventType]stripeHandler{
		stripeapi.EventTypePaymentIntentSucceeded:     s.once(s.paymentIntentSucceeded),
		stripeapi.EventTypePaymentIntentPaymentFailed: s.once(s.paymentIntentFailed),
		stripeapi.EventTypeChargeRefunded:             s.chargeRefunded,
	}
	return s
}

// once skips events that have already been handled and remembers the ones
// that succeed.
func (s *Stripe) once(next stripeHandler) stripeHandler {
	return func(ctx context.Context, evt stripeapi.Event) error {
		seen, err := s.events.Seen(ctx, evt.ID)
		if err != nil {
			return err
		}
		if seen {
			logging.From(ctx, s.log).Debug("event already handled", zap.String("event", evt.ID))
			return nil
		}
		if err := next(ctx, evt); err != nil {
			return err
		}
		return s.events.MarkProcessed(ctx, evt.ID, string(evt.Type))
	}
}

func (s *Stripe) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	evt, err := s.verifier.Construct(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		s.log.Warn("rejecting stripe webhook", zap.Error(err))
		http.Error(w, "invalid signature", http.StatusBadRequest)
		return
	}
	h, ok := s.handlers[evt.Type]
	if !ok {
		s.metrics.WebhookEvents.WithLabelValues("stripe", string(evt.Type), "ignored").Inc()
		w.WriteHeader(http.StatusOK)
		return
	}
	ctx := logging.WithLogger(r.Context(), s.log.With(zap.String("event", evt.ID), zap.String("type", string(evt.Type))))
	if err := h(ctx, evt); err != nil {
		s.metrics.WebhookEvents.WithLabelValues("stripe", string(evt.Type), "error").Inc()
		logging.From(ctx, s.log).Error("stripe webhook failed", zap.Error(err))
		http.Error(w, "handler failed", http.StatusInternalServerError)
		return
	}
	s.metrics.WebhookEvents.WithLabelValues("stripe", string(evt.Type), "ok").Inc()
	w.WriteHeader(http.StatusOK)
}

func (s *Stripe) paymentIntentSucceeded(ctx context.Context, evt stripeapi.Event) error {
	pi, err := stripeadapter.PaymentIntent(evt)
	if err != nil {
		return err
	}
	return s.payments.ApplySucceeded(ctx, ports.PaymentIntentUpdate{
		EventID:         pi.Metadata["event_id"],
		PaymentIntentID: pi.ID,
		AmountCents:     pi.AmountReceived,
	})
}

func (s *Stripe) paymentIntentFailed(ctx context.Context, evt stripeapi.Event) error {
	pi, err := stripeadapter.PaymentIntent(evt)
	if err != nil {
		return err
	}
	code := "unknown"
	if pi.LastPaymentError != nil && pi.LastPaymentError.Code != "" {
		code = string(pi.LastPaymentError.Code)
	}
	return s.payments.ApplyFailed(ctx, ports.PaymentIntentUpdate{
		EventID:         pi.Metadata["event_id"],
		PaymentIntentID: pi.ID,
		FailureCode:     code,
	})
}

func (s *Stripe) chargeRefunded(ctx context.Context, evt stripeapi.Event) error {
	ch, err := stripeadapter.Charge(evt)
	if err != nil {
		return err
	}
	if ch.PaymentIntent == nil || ch.Refunds == nil {
		return nil
	}
	for _, rf := range ch.Refunds.Data {
		status := domain.RefundPending
		switch rf.Status {
		case stripeapi.RefundStatusSucceeded:
			status = domain.RefundSucceeded
		case stripeapi.RefundStatusFailed, stripeapi.RefundStatusCanceled:
			status = domain.RefundFailed
		}
		if err := s.payments.ApplyRefundUpdate(ctx, ports.RefundUpdate{
			StripeRefundID:  rf.ID,
			PaymentIntentID: ch.PaymentIntent.ID,
			AmountCents:     rf.Amount,
			Status:          status,
		}); err != nil {
			return err
		}
	}
	return nil
}
