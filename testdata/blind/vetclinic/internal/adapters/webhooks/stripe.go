package webhooks

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82"

	"github.com/pawpath/vetclinic/internal/adapters/stripepay"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
)

// StripeEvents is what the Stripe receiver needs from billing.
type StripeEvents interface {
	IntentSucceeded(ctx context.Context, intentID string, metadata map[string]string) error
	IntentFailed(ctx context.Context, intentID string, metadata map[string]string, reason string) error
	RefundCreated(ctx context.Context, refundID, intentID string, amount int64) error
}

type eventHandler func(ctx context.Context, ev stripe.Event) error

// StripeReceiver handles POST /webhooks/stripe. Each event is recorded in
// the inbox and applied in one transaction.
type StripeReceiver struct {
	verifier *stripepay.Verifier
	tx       ports.TxRunner
	inbox    ports.EventInbox
	billing  StripeEvents
	handlers map[stripe.EventType]eventHandler
	log      *slog.Logger
}

func NewStripeReceiver(v *stripepay.Verifier, tx ports.TxRunner, inbox ports.EventInbox, billing StripeEvents, log *slog.Logger) *StripeReceiver {
	s := &StripeReceiver{verifier: v, tx: tx, inbox: inbox, billing: billing, log: log}
	s.handlers = map[stripe.EventType]eventHandler{
		stripe.EventTypePaymentIntentSucceeded:     s.onIntentSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: s.onIntentFailed,
		stripe.EventTypeRefundCreated:              s.onRefundCreated,
	}
	return s
}

func (s *StripeReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		ack(w, r, s.log, "stripe", err)
		return
	}
	ev, err := s.verifier.Verify(body, r.Header.Get("Stripe-Signature"))
	if err != nil {
		ack(w, r, s.log, "stripe", err)
		return
	}
	handle, ok := s.handlers[ev.Type]
	if !ok {
		w.WriteHeader(http.StatusOK)
		return
	}
	err = s.tx.WithTx(r.Context(), func(ctx context.Context) error {
		fresh, err := s.inbox.Claim(ctx, "stripe", ev.ID, string(ev.Type))
		if err != nil || !fresh {
			return err
		}
		return handle(ctx, ev)
	})
	ack(w, r, s.log, "stripe", err)
}

func decodeObject[T any](ev stripe.Event) (T, error) {
	var v T
	if err := json.Unmarshal(ev.Data.Raw, &v); err != nil {
		return v, errs.E(errs.Op("webhooks.stripe.decode"), errs.Invalid, err)
	}
	return v, nil
}

func (s *StripeReceiver) onIntentSucceeded(ctx context.Context, ev stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	return s.billing.IntentSucceeded(ctx, pi.ID, pi.Metadata)
}

func (s *StripeReceiver) onIntentFailed(ctx context.Context, ev stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	reason := "payment_failed"
	if pi.LastPaymentError != nil && pi.LastPaymentError.Msg != "" {
		reason = pi.LastPaymentError.Msg
	}
	return s.billing.IntentFailed(ctx, pi.ID, pi.Metadata, reason)
}

func (s *StripeReceiver) onRefundCreated(ctx context.Context, ev stripe.Event) error {
	ref, err := decodeObject[stripe.Refund](ev)
	if err != nil {
		return err
	}
	if ref.PaymentIntent == nil {
		return nil
	}
	return s.billing.RefundCreated(ctx, ref.ID, ref.PaymentIntent.ID, ref.Amount)
}
